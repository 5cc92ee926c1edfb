package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;

/**
 * "the average salary", "the total loan amount", "how much interest": an aggregate of what the
 * aggregating word names; otherwise the question is read for a metric.
 */
final class AggregateMeasure implements Rule {

  private final Rule metric = new MetricMeasure();

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c)
          || d.isUsed(c)
          || (c.kind() != Kind.AVG && c.kind() != Kind.SUM)) {
        continue;
      }
      int at = i + 1;
      if (c.kind() == Kind.SUM
          && d.at(at) instanceof Cue each
          && each.kind() == Kind.GROUP
          && d.at(at + 1) instanceof Mention entity
          && entity.has(Target.Table.class)
          && d.at(at + 2) instanceof Mention amount
          && !amount.has(Target.Table.class)) {
        // "how much does each client …": the amount follows the group it is taken for, which
        // the grouping rules read as they would after the amount
        at += 2;
      }
      Object next = d.at(at);
      if (next instanceof Mention m && !d.isUsed(m)) {
        Measure ms = Measures.of(d, m, at);
        if (ms != null && (at > i + 1 && sums(d, ms) || averagedRatio(d, c, ms))) {
          d.use(c);
        }
        if (ms != null) {
          d.measure = ms;
          d.note("'" + c.text() + " " + m.text() + "' → " + Describe.measure(ms));
          return;
        }
      }
      if (next instanceof Mention v && v.has(Target.Value.class)) {
        // "how much interest", "the average pension": the amount of the rows holding the value
        String plain =
            d.schema.plainAmountMetric(v, c.kind() == Kind.SUM ? Aggregation.SUM : Aggregation.AVG);
        if (plain != null) {
          d.use(c);
          d.adoptMetric(plain);
          d.note("'" + c.text() + " " + v.text() + "' → metric " + plain);
          return;
        }
      }
    }
    metric.apply(d);
  }

  /** "average revenue per customer": a ratio per entity is the average the word asks for. */
  private static boolean averagedRatio(Draft d, Cue c, Measure ms) {
    return c.kind() == Kind.AVG
        && ms instanceof Measure.Metric x
        && d.recon.metric(x.metric()).orElse(null) instanceof MetricDefinition.Ratio;
  }

  private static boolean sums(Draft d, Measure ms) {
    return ms instanceof Measure.Metric x
            && d.schema.metricAggregation(x.metric()) == Aggregation.SUM
        || ms instanceof Measure.Aggregate a && a.fn() == Aggregation.SUM;
  }
}
