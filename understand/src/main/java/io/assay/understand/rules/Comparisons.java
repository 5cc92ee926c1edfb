package io.assay.understand.rules;

import static io.assay.understand.rules.Describe.symbol;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Value;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.List;

/**
 * "average salary greater than 8000", "amount above the average", "at least 20 customers": a
 * comparison word between a column and a number (a filter), the average (a filter against the
 * column's average) or a count of rows (a condition on each listed group's count).
 */
final class Comparisons implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c) || c.kind() != Kind.COMPARE) {
        continue;
      }
      Item right = d.item(i + 1);
      if (countCondition(d, i, c, right) || occasionCondition(d, i, c, right)) {
        continue;
      }
      Item leftItem = d.previous(i, Kind.COPULA);
      if (leftItem == null || !(leftItem.what() instanceof Mention left) || right == null) {
        continue; // reported as an unused cue
      }
      ColumnRef column = d.schema.column(left, true);
      if (column == null) {
        continue;
      }
      if (right.what() instanceof Scan.Number n) {
        Filter f = new Filter.Compare(column, c.comparison(), Value.number(n.value()));
        d.addFilter(f, c.first(), null);
        d.use(c);
        d.use(left);
        d.use(n);
        d.note(
            "'"
                + left.text()
                + " "
                + c.text()
                + " "
                + n.text()
                + "' → "
                + column
                + " "
                + symbol(c.comparison())
                + " "
                + n.value().toPlainString());
      } else if (right.what() instanceof Cue agg && agg.kind() == Kind.AVG) {
        Filter.VsAggregate f =
            new Filter.VsAggregate(column, c.comparison(), Aggregation.AVG, null, List.of());
        d.addFilter(f, c.first(), null);
        d.pendingAverages.add(f);
        d.use(c);
        d.use(left);
        d.use(agg);
        d.note(
            "'"
                + left.text()
                + " "
                + c.text()
                + " the average' → "
                + column
                + " "
                + symbol(c.comparison())
                + " avg("
                + column
                + ") over the same period");
      }
    }
  }

  /**
   * "customers who rented more than 40 times", "accounts charged a fee at least 3 times": a
   * comparison, a whole number and "times" compare how many event rows each listed group has; the
   * event is the nearest phrase before the comparison that names a count of rows.
   */
  private static boolean occasionCondition(Draft d, int i, Cue c, Item right) {
    if (right == null
        || !(right.what() instanceof Scan.Number n)
        || n.value().scale() > 0
        || n.token() + 1 >= d.scan.tokens.size()
        || !d.scan.tokens.get(n.token() + 1).norm().equals("times")
        || !d.scan.unknown.stream().anyMatch(t -> t.index() == n.token() + 1)) {
      return false;
    }
    Mention event = null;
    for (int k = i - 1; k >= 0 && event == null; k--) {
      if (d.at(k) instanceof Mention m && !d.isUsed(m) && Occasions.count(d, m) != null) {
        event = m;
      }
    }
    if (event == null) {
      return false;
    }
    String metric = Occasions.count(d, event).name();
    d.countHaving =
        new Having(null, Measure.metric(metric), c.comparison(), Value.number(n.value()));
    d.countHavingText = event.text() + " " + c.text() + " " + n.text() + " times";
    d.occasionWord = n.token() + 1;
    d.use(c);
    d.use(n);
    d.use(event);
    return true;
  }

  /**
   * "countries with at least 20 customers", "districts that have more than 100 loans": a
   * comparison, a whole number and a noun naming only a table compare the count of those rows per
   * listed group ({@link CountCondition} applies it once the groups are known).
   */
  private static boolean countCondition(Draft d, int i, Cue c, Item right) {
    if (right == null
        || !(right.what() instanceof Scan.Number n)
        || n.value().scale() > 0
        || i + 2 >= d.items.size()
        || !(d.at(i + 2) instanceof Mention rows)
        || !d.schema.countsRows(rows)
        || d.isUsed(rows)) {
      return false;
    }
    String table = rows.one(Target.Table.class).table();
    String plain = d.schema.plainCountMetric(table);
    Measure counted = plain != null ? Measure.metric(plain) : d.schema.countOf(table);
    if (counted == null) {
      return false;
    }
    d.countHaving = new Having(null, counted, c.comparison(), Value.number(n.value()));
    d.countHavingText = c.text() + " " + n.text() + " " + rows.text();
    d.use(c);
    d.use(n);
    d.use(rows);
    return true;
  }
}
