package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.TimeFilter;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * A column the dataset's reader.yaml declares {@code running} holds a state after each row (a
 * balance after each transaction): adding it up over rows counts the same money once per row, so a
 * total of it answers nothing a person asks. The reader says so instead of summing it; an average,
 * an extreme or one row's value stays readable.
 */
final class RunningTotals implements Rule {

  @Override
  public void apply(Draft d) {
    if (d.lexicon.running().isEmpty()) {
      return;
    }
    List<Measure> measures = new ArrayList<>(d.moreMeasures);
    if (d.measure != null) {
      measures.add(0, d.measure);
    }
    for (Measure m : measures) {
      ColumnRef summed = runningSum(d, m);
      if (summed != null) {
        d.problem(
            summed
                + " is a running figure after each row: a total over rows adds it up once per row;"
                + " ask for its average, or for one row's value");
        return;
      }
    }
  }

  /** The running column a measure adds up, looking inside ratios and differences; or null. */
  private static ColumnRef runningSum(Draft d, Measure m) {
    if (m instanceof Measure.Aggregate a) {
      return a.fn() == Aggregation.SUM && d.lexicon.running().contains(a.column())
          ? a.column()
          : null;
    }
    if (m instanceof Measure.Metric metric) {
      return d.recon.metric(metric.metric()).orElse(null) instanceof MetricDefinition.Aggregate a
              && a.aggregation() == Aggregation.SUM
              && d.lexicon.running().contains(a.column())
          ? a.column()
          : null;
    }
    if (m instanceof Measure.Ratio r) {
      ColumnRef c = runningSum(d, r.numerator());
      return c != null ? c : runningSum(d, r.denominator());
    }
    if (m instanceof Measure.Difference diff) {
      ColumnRef c = runningSum(d, diff.left());
      return c != null ? c : runningSum(d, diff.right());
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return runningSum(d, s.of());
    }
    if (m instanceof Measure.Growth g) {
      // the change of a balance from one day to another compares two states, each one day's value
      return oneDay(g.from()) && oneDay(g.to()) ? null : runningSum(d, g.of());
    }
    return null;
  }

  private static boolean oneDay(TimeFilter t) {
    return t instanceof TimeFilter.Range r && r.from() != null && r.from().equals(r.to());
  }
}
