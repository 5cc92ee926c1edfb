package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.regex.Pattern;

/**
 * "a loan of 5000 USD", "the payment of $4.99", "a 5000 USD loan": a sum of money written with its
 * currency, after "of" and a noun naming a table's rows or right before that noun, is that row's
 * amount. The table must have exactly one amount (the column its total is summed over), and no
 * comparison word may stand before the number ({@link Comparisons} reads those); anything else is
 * left for the other rules to read or refuse.
 */
final class MoneyAmounts implements Rule {

  /** A currency marker written right before or after the number (the tokenizer drops it). */
  private static final Pattern BEFORE = Pattern.compile("(?i)(?:\\busd|\\bczk|\\beur|\\$|€)\\s?$");

  private static final Pattern AFTER = Pattern.compile("(?i)^\\s?(?:usd|czk|eur|kc)\\b");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Scan.Number n) || d.isUsed(n) || !money(d, n)) {
        continue;
      }
      Mention rows = null;
      if (d.at(i - 1) instanceof Mention before
          && tableOf(before) != null
          && between(d, before.last(), n.token()).equals("of")) {
        rows = before; // "a loan of 5000 USD"
      } else if (d.at(i + 1) instanceof Mention after
          && tableOf(after) != null
          && between(d, n.token(), after.first()).matches("(usd|czk|eur|kc)?")) {
        // "a 5000 USD loan": the sum stands right before the noun, as an adjective would
        rows = after;
      }
      if (rows == null || d.isUsed(rows)) {
        continue;
      }
      ColumnRef amount = d.schema.amountColumn(tableOf(rows));
      if (amount == null) {
        continue;
      }
      d.addFilter(
          new Filter.Compare(amount, Comparison.EQ, Value.number(n.value())), n.token(), null);
      d.use(n);
      d.note(
          "'" + n.text() + " " + rows.text() + "' → " + amount + " = " + n.value().toPlainString());
    }
  }

  private static boolean money(Draft d, Scan.Number n) {
    String q = d.scan.question;
    var t = d.scan.tokens.get(n.token());
    int from = Math.max(0, t.start() - 5);
    int to = Math.min(q.length(), t.end() + 5);
    return BEFORE.matcher(q.substring(from, t.start())).find()
        || AFTER.matcher(q.substring(t.end(), to)).find();
  }

  /** The table whose rows a phrase names, or null (a value or a column is not rows). */
  private static String tableOf(Mention m) {
    if (m.has(Target.Value.class) || !m.has(Target.Table.class)) {
      return null;
    }
    return m.one(Target.Table.class).table();
  }

  /** The words of the question between two tokens, lower case. */
  private static String between(Draft d, int a, int b) {
    StringBuilder s = new StringBuilder();
    for (int k = a + 1; k < b; k++) {
      s.append(s.isEmpty() ? "" : " ").append(d.scan.tokens.get(k).norm());
    }
    return s.toString();
  }
}
