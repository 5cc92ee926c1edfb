package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * "a 96396 USD loan", "a loan of 30276 dollars", "a 5 dollar payment": a sum of money next to a
 * noun naming a table's rows is the amount of those rows; the unit says the number is money, the
 * noun whose amount it is (the table's one summed amount, or the column the unit names).
 */
final class Amounts implements Rule {

  private static final Set<String> CURRENCY_WORDS =
      Set.of("dollar", "dollars", "usd", "czk", "eur", "euro", "euros", "crown", "crowns");

  private static final Pattern CURRENCY_BEFORE =
      Pattern.compile("(?i)(?:usd|czk|eur|kc|\\$|€)\\s*$");

  private static final Pattern CURRENCY_AFTER = Pattern.compile("(?i)^\\s?(?:usd|czk|eur|kc)\\b");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Scan.Number n) || d.isUsed(n) || n.value().signum() <= 0) {
        continue;
      }
      Mention unit = unitAfter(d, i + 1);
      int wordAfter = currencyWordAfter(d, n);
      if (unit == null && wordAfter < 0 && !currencyAttached(d, n)) {
        continue;
      }
      int afterUnit = unit != null ? i + 2 : i + 1;
      Mention rows = null;
      if (d.at(afterUnit) instanceof Mention m && namesRows(m)) {
        rows = m; // "a 96396 USD loan"
      } else if (d.at(i - 1) instanceof Mention m && namesRows(m) && ofBetween(d, m, n)) {
        rows = m; // "a loan of 30276 USD"
      }
      if (rows == null) {
        continue;
      }
      String table = rows.one(Target.Table.class).table();
      ColumnRef column = unit != null ? d.schema.numericColumn(unit) : d.schema.amountColumn(table);
      if (column == null || !column.table().equals(table)) {
        continue;
      }
      d.addFilter(
          new Filter.Compare(column, Comparison.EQ, Value.number(n.value())), n.token(), null);
      d.use(n);
      if (unit != null) {
        d.use(unit);
      }
      if (wordAfter >= 0) {
        d.explainedWords.add(wordAfter);
      }
      d.note("'" + n.text() + "' (money of " + rows.text() + ") → " + column + " = " + n.value());
    }
  }

  /** A phrase right after a number that names only a numeric column ("9 dollars"), or null. */
  static Mention unitAfter(Draft d, int index) {
    if (!(d.at(index) instanceof Mention m)
        || m.has(Target.Table.class)
        || m.has(Target.Value.class)
        || m.has(Target.Metric.class)
        || !m.has(Target.Column.class)) {
      return null;
    }
    boolean numeric =
        m.all(Target.Column.class).stream()
            .allMatch(
                c ->
                    d.recon
                        .column(c.column())
                        .map(ColumnInfo::type)
                        .map(t -> t.isNumeric())
                        .orElse(false));
    return numeric ? m : null;
  }

  private static boolean namesRows(Mention m) {
    return m.has(Target.Table.class) && !m.has(Target.Value.class);
  }

  /** "loan of 30276": only "of" or "for" between the noun and the number. */
  private static boolean ofBetween(Draft d, Mention m, Scan.Number n) {
    for (int t = m.last() + 1; t < n.token(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (!w.equals("of") && !w.equals("for") && !w.equals("worth")) {
        return false;
      }
    }
    return n.token() > m.last() + 1;
  }

  /** The token of a currency word right after the number ("5000 dollars"), or -1. */
  private static int currencyWordAfter(Draft d, Scan.Number n) {
    int t = n.token() + 1;
    return t < d.scan.tokens.size() && CURRENCY_WORDS.contains(d.scan.tokens.get(t).norm())
        ? t
        : -1;
  }

  /** A currency sign or code written onto the number ("$5,000", "USD100", "3000USD"). */
  private static boolean currencyAttached(Draft d, Scan.Number n) {
    var tok = d.scan.tokens.get(n.token());
    String q = d.scan.question;
    return CURRENCY_BEFORE.matcher(q.substring(Math.max(0, tok.start() - 4), tok.start())).find()
        || CURRENCY_AFTER
            .matcher(q.substring(tok.end(), Math.min(q.length(), tok.end() + 5)))
            .find();
  }
}
