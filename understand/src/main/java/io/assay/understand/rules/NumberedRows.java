package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "account 1520", "customer number 5", "the order with the id 7": a noun naming a table (or its
 * key) followed by a whole number, with at most an identifier word between, names one row by its
 * key. Two such numbers on one key are a range after "from"/"between", else either of them.
 */
final class NumberedRows implements Rule {

  /** Words that may stand between a row's noun and its number. */
  private static final Set<String> GAP =
      Set.of("number", "no", "nr", "id", "identifier", "with", "the");

  /** Of which one must be present when the gap has any words ("accounts with 3 loans" is not). */
  private static final Set<String> KEY_WORDS = Set.of("number", "no", "nr", "id", "identifier");

  /** Words after a number that make it a quantity, not a row's number. */
  private static final Set<String> QUANTITY_AFTER =
      Set.of("times", "percent", "years", "months", "days", "weeks", "hours", "minutes");

  private record Numbered(Mention noun, Scan.Number number, List<Integer> gap) {}

  @Override
  public void apply(Draft d) {
    Map<ColumnRef, List<Numbered>> byKey = new LinkedHashMap<>();
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m)
          || d.isUsed(m)
          || !(d.at(i + 1) instanceof Scan.Number n)
          || d.isUsed(n)
          || n.value().scale() > 0
          || n.value().signum() < 0) {
        continue;
      }
      List<Integer> gap = gap(d, m, n);
      ColumnRef key = gap == null || quantity(d, n) ? null : key(d, m);
      if (key != null) {
        byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(new Numbered(m, n, gap));
      }
    }
    for (Map.Entry<ColumnRef, List<Numbered>> e : byKey.entrySet()) {
      List<Numbered> rows = e.getValue();
      ColumnRef key = e.getKey();
      Filter f;
      String read;
      if (rows.size() == 1) {
        f = new Filter.Compare(key, io.assay.pick.Comparison.EQ, Value.number(number(rows, 0)));
        read = key + " = " + number(rows, 0).toPlainString();
      } else if (rows.size() == 2 && range(d, rows)) {
        f = new Filter.Between(key, Value.number(number(rows, 0)), Value.number(number(rows, 1)));
        read =
            key
                + " from "
                + number(rows, 0).toPlainString()
                + " to "
                + number(rows, 1).toPlainString();
      } else {
        f =
            new Filter.In(
                key, rows.stream().map(r -> Value.number(r.number().value())).toList(), false);
        read = key + " in " + rows.stream().map(r -> r.number().text()).toList();
      }
      for (Numbered r : rows) {
        d.use(r.noun());
        d.use(r.number());
        d.explainedWords.addAll(r.gap());
      }
      d.addFilter(f, rows.get(0).noun().first(), null);
      Numbered first = rows.get(0);
      Numbered last = rows.get(rows.size() - 1);
      d.note("'" + d.scan.words(first.noun().first(), last.number().token()) + "' → " + read);
    }
  }

  private static java.math.BigDecimal number(List<Numbered> rows, int i) {
    return rows.get(i).number().value();
  }

  /** The token indexes between the noun and its number, or null when they are not a key's words. */
  private static List<Integer> gap(Draft d, Mention m, Scan.Number n) {
    List<Integer> gap = new ArrayList<>();
    boolean keyWord = false;
    for (int t = m.last() + 1; t < n.token(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (!GAP.contains(w)) {
        return null;
      }
      keyWord |= KEY_WORDS.contains(w);
      gap.add(t);
    }
    return gap.isEmpty() || keyWord ? gap : null;
  }

  /** "5 times", "3 percent", "24 months", "3 loans": a quantity follows the number. */
  private static boolean quantity(Draft d, Scan.Number n) {
    // a verb ("did customer 148 pay", "account 20 withdraw"), or a word only near in spelling to
    // rows, is no noun of counted rows
    return unitWordAfter(d, n)
        || d.scan.mentions.stream()
            .anyMatch(
                x ->
                    x.first() == n.token() + 1
                        && !x.fuzzy()
                        && !d.aVerb(x)
                        && !d.scan.punctuatedBetween(n.token(), x.first()));
  }

  /** "5 times", "3 percent", "24 months": a word of counting or of duration follows the number. */
  static boolean unitWordAfter(Draft d, Scan.Number n) {
    if (n.token() + 1 >= d.scan.tokens.size()) {
      return false;
    }
    Token next = d.scan.tokens.get(n.token() + 1);
    return QUANTITY_AFTER.contains(next.norm());
  }

  /** The key a noun names: its table's single-column key, or the one key column it names. */
  private static ColumnRef key(Draft d, Mention m) {
    if (m.has(Target.Value.class) || d.schema.saysCount(m)) {
      return null;
    }
    if (m.has(Target.Table.class)) {
      String table = m.one(Target.Table.class).table();
      return d.schema.hasSingleKey(table) ? d.schema.primaryKey(table) : null;
    }
    List<ColumnRef> keys =
        m.all(Target.Column.class).stream()
            .map(Target.Column::column)
            .filter(
                c -> d.schema.hasSingleKey(c.table()) && d.schema.primaryKey(c.table()).equals(c))
            .distinct()
            .toList();
    return keys.size() == 1 ? keys.get(0) : null;
  }

  /** "from account 1 to account 10", "between customer 3 and customer 9". */
  private static boolean range(Draft d, List<Numbered> rows) {
    int a = rows.get(0).noun().first();
    int b = rows.get(1).noun().first();
    String before = a > 0 ? d.scan.tokens.get(a - 1).norm() : "";
    String between = b > 0 ? d.scan.tokens.get(b - 1).norm() : "";
    return (before.equals("from") && (between.equals("to") || between.equals("through")))
        || (before.equals("between") && between.equals("and"));
  }
}
