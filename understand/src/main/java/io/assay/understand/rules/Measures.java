package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.List;
import java.util.Set;

/** The measure one phrase names, for the rules that read a measure after their own word. */
final class Measures {

  private Measures() {}

  /**
   * "avg loan amount", "the mean credit amount": an average before a metric that sums a column is
   * the average of that column over the same rows (the metric's own filters kept), or null.
   */
  static Measure averageOfSum(Draft d, String sum) {
    if (!(d.recon.metric(sum).orElse(null) instanceof MetricDefinition.Aggregate a)
        || a.aggregation() != Aggregation.SUM) {
      return null;
    }
    return new Measure.Aggregate(Aggregation.AVG, a.column(), a.filters(), null);
  }

  /**
   * A measure from a mention: a metric, or the sum (or average, after "average") of a column, or
   * the count of a table's rows after a counting word; null when the phrase names none.
   */
  static Measure of(Draft d, Mention m, int index) {
    Cue before =
        d.at(index - 1) instanceof Cue c && onlyArticlesBetween(d, c.last(), m.first()) ? c : null;
    List<Target.Metric> metrics = m.all(Target.Metric.class);
    if (!metrics.isEmpty()) {
      String name = d.schema.chooseMetric(m, metrics);
      if (name == null) {
        return null;
      }
      d.use(m);
      if (before != null && (before.kind() == Kind.SUM || before.kind() == Kind.AVG)) {
        Aggregation agg = d.schema.metricAggregation(name);
        if ((before.kind() == Kind.SUM && agg == Aggregation.SUM)
            || (before.kind() == Kind.AVG && agg == Aggregation.AVG)) {
          d.use(before);
        } else if (before.kind() == Kind.AVG && agg == Aggregation.SUM) {
          Measure avg = averageOfSum(d, name);
          if (avg != null) {
            d.use(before);
            return avg;
          }
        }
      }
      d.metricName = name;
      return Measure.metric(name);
    }
    ColumnRef col = d.schema.numericColumn(m);
    if (col != null) {
      d.use(m);
      Aggregation fn = Aggregation.SUM;
      if (before != null && before.kind() == Kind.AVG) {
        fn = Aggregation.AVG;
        d.use(before);
      } else if (before != null && before.kind() == Kind.SUM) {
        d.use(before);
      }
      return new Measure.Aggregate(fn, col, List.of(), null);
    }
    if (m.has(Target.Table.class)) {
      Cue count = before != null && before.kind() == Kind.COUNT ? before : null;
      if (count != null) {
        d.use(count);
        d.use(m);
        return d.schema.countOf(m.one(Target.Table.class).table());
      }
    }
    return null;
  }

  /**
   * Whether only "of" and articles stand between two tokens: "the average of the loan amount"
   * averages it, "average and total loan amount" names two figures.
   */
  static boolean onlyArticlesBetween(Draft d, int before, int after) {
    for (int t = before + 1; t < after; t++) {
      if (!Set.of("of", "the", "a", "an").contains(d.scan.tokens.get(t).norm())) {
        return false;
      }
    }
    return true;
  }
}
