package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.Set;

/**
 * "products with a unit price of 4.99", "loans that had a duration of 12 months": a numeric column
 * the rows are said to have, then "of" and a number, keeps the rows whose column equals it. A unit
 * after the number converts when the column declares a unit of the same kind; any other unit leaves
 * the words unread.
 */
final class ColumnOfANumber implements Rule {

  /** Words after which a column is something the rows have. */
  private static final Set<String> HAVING = Set.of("have", "has", "had", "having", "with");

  private static final Set<String> DETERMINERS = Set.of("a", "an", "the");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m)
          || d.isUsed(m)
          || !(d.at(i + 1) instanceof Scan.Number n)
          || d.isUsed(n)
          || n.token() != m.last() + 2
          || !d.scan.tokens.get(m.last() + 1).norm().equals("of")
          || !m.targets().stream().allMatch(t -> t instanceof Target.Column)) {
        continue;
      }
      ColumnRef column = d.schema.numericColumn(m);
      ColumnInfo info = column == null ? null : d.recon.column(column).orElse(null);
      if (info == null || !possessed(d, m) && !possessedInside(d, m, column.table())) {
        continue;
      }
      Value value = Value.number(n.value());
      int unitToken = n.token() + 1;
      Unit unit =
          unitToken < d.scan.tokens.size()
              ? QuantityComparison.unit(d.scan.tokens.get(unitToken).norm())
              : null;
      if (unit != null) {
        if (!keeps(info, unit)) {
          continue; // "a duration of 3 miles": not a quantity this column keeps
        }
        value = new Value.Quantity(n.value(), unit);
        unitRead(d, i + 2, unitToken);
      }
      d.addFilter(new Filter.Compare(column, Comparison.EQ, value), m.first(), null);
      d.use(m);
      d.use(n);
      d.note(
          "'"
              + d.scan.words(m.first(), unit != null ? unitToken : n.token())
              + "' → "
              + column
              + " = "
              + n.value().toPlainString()
              + (unit != null ? " " + unit.jsonName() : ""));
    }
  }

  /** Whether a column keeps quantities of the unit's kind (a duration in months, not miles). */
  static boolean keeps(ColumnInfo info, Unit unit) {
    return info.unit() != null && info.unit().dimension() == unit.dimension();
  }

  /** The unit word at {@code token} is read; "minutes" may also name the column kept in minutes. */
  static void unitRead(Draft d, int item, int token) {
    d.explainedWords.add(token);
    if (d.at(item) instanceof Mention unitWord
        && unitWord.first() == token
        && unitWord.last() == token) {
      d.use(unitWord);
    }
  }

  /**
   * "loans have a duration" read as one phrase of the loan's duration: the have-word stands inside
   * the phrase, after the noun of the column's own rows ("accounts have a balance" names the
   * balance of transactions, which the accounts do not have).
   */
  static boolean possessedInside(Draft d, Mention m, String table) {
    if (!d.schema.isTableNoun(m.first(), table)) {
      return false;
    }
    for (int k = m.first() + 1; k < m.last(); k++) {
      if (HAVING.contains(d.scan.tokens.get(k).norm())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a have-word (then at most a determiner) stands right before the phrase, or governs it
   * through "and": "with a loan of more than 300000 and a duration of 60 months".
   */
  private static boolean possessed(Draft d, Mention m) {
    int i = m.first() - 1;
    if (i >= 0 && DETERMINERS.contains(d.scan.tokens.get(i).norm())) {
      i--;
    }
    if (i >= 0 && d.scan.tokens.get(i).norm().equals("and")) {
      for (int k = i - 1; k >= 0; k--) {
        String w = d.scan.tokens.get(k).norm();
        if (HAVING.contains(w)) {
          return true;
        }
        if (Set.of("that", "which", "who", "whose", "where", "and", "or").contains(w)) {
          return false; // another clause or another coordination
        }
      }
      return false;
    }
    return i >= 0 && HAVING.contains(d.scan.tokens.get(i).norm());
  }
}
