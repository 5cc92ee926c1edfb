package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.PickValidationError;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.TableInfo;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * "shorter than 3 hours", "loans over 3 years": a comparison, a number and a unit of time compare
 * the column of the question's tables whose values are kept in a unit of the same kind (the YAML's
 * {@code unit:}), the quantity converted by the composer. When several columns qualify, the noun
 * the comparison's adjective is a value of ("longer" → length) picks one by its name or synonyms;
 * otherwise nothing is read and the words stay unexplained.
 */
final class QuantityComparison {

  private QuantityComparison() {}

  static boolean apply(Draft d, Cue c, Item right) {
    if (right == null || !(right.what() instanceof Scan.Number n) || d.isUsed(n)) {
      return false;
    }
    int unitToken = n.token() + 1;
    if (unitToken >= d.scan.tokens.size()) {
      return false;
    }
    Unit unit = unit(d.scan.tokens.get(unitToken).norm());
    if (unit == null) {
      return false;
    }
    List<ColumnRef> columns = candidates(d, unit);
    Item before = d.previous(d.indexOf(c), Kind.COPULA);
    Mention named = before != null && before.what() instanceof Mention m && !d.isUsed(m) ? m : null;
    if (columns.size() > 1 && named != null) {
      // "length over 3 hours": the column named before the comparison picks among the candidates
      List<ColumnRef> picked = columns.stream().filter(col -> names(named, col)).toList();
      if (picked.size() > 1) {
        picked = picked.stream().filter(col -> tableNamed(d, col.table())).toList();
      }
      columns = picked.size() == 1 ? picked : columns;
    }
    if (columns.size() > 1) {
      ColumnRef byAdjective = d.schema.byAttribute(c.text().split(" ")[0], columns);
      columns = byAdjective == null ? List.of() : List.of(byAdjective);
    }
    if (columns.size() != 1) {
      return false;
    }
    ColumnRef column = columns.get(0);
    Value amount = new Value.Quantity(n.value(), unit);
    d.addFilter(new Filter.Compare(column, c.comparison(), amount), c.first(), null);
    d.use(c);
    d.use(n);
    ColumnOfANumber.unitRead(d, d.indexOf(n) + 1, unitToken);
    boolean namedUsed = named != null && names(named, column) && onlyColumns(named);
    if (namedUsed) {
      // "a loan duration of more than 24 months": the column named before the comparison is the
      // one compared
      d.use(named);
    }
    d.note(
        "'"
            + d.scan.words(namedUsed ? named.first() : c.first(), unitToken)
            + "' → "
            + column
            + " "
            + Describe.symbol(c.comparison())
            + " "
            + n.value().toPlainString()
            + " "
            + unit.jsonName());
    return true;
  }

  /** The unit a word names ("hours", "month"), or null. */
  static Unit unit(String word) {
    try {
      return Unit.parse(word);
    } catch (PickValidationError e) {
      return null;
    }
  }

  /** Numeric columns kept in a unit of the same kind, in the tables the question names. */
  static List<ColumnRef> candidates(Draft d, Unit unit) {
    Set<String> tables = new LinkedHashSet<>();
    for (Mention m : d.scan.mentions) {
      for (Target t : m.targets()) {
        if (t.table() != null) {
          tables.add(t.table());
        }
      }
    }
    List<ColumnRef> out = new ArrayList<>();
    for (String table : tables) {
      TableInfo info = d.recon.table(table).orElse(null);
      if (info == null) {
        continue;
      }
      for (ColumnInfo col : info.columns()) {
        if (col.unit() != null && col.unit().dimension() == unit.dimension()) {
          out.add(col.ref());
        }
      }
    }
    return out;
  }

  /** Whether a phrase names the column (among whatever else it names). */
  static boolean names(Mention m, ColumnRef column) {
    return m.all(Target.Column.class).stream().anyMatch(t -> t.column().equals(column));
  }

  /** Whether a phrase names columns only (no table or value). */
  private static boolean onlyColumns(Mention m) {
    return !m.targets().isEmpty() && m.targets().stream().allMatch(t -> t instanceof Target.Column);
  }

  /** Whether a phrase of the question names the table's rows ("films"). */
  private static boolean tableNamed(Draft d, String table) {
    return d.scan.mentions.stream()
        .anyMatch(m -> m.all(Target.Table.class).stream().anyMatch(t -> t.table().equals(table)));
  }
}
