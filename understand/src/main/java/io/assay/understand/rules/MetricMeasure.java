package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Aggregation;
import io.assay.recon.MetricDefinition;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.MetricWords;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A named metric ("card withdrawal amount"); for an analysis or a series over time without one, the
 * metric the question's words imply, else a question with the closest metrics first.
 */
final class MetricMeasure implements Rule {

  @Override
  public void apply(Draft d) {
    String answered = d.answers.get("metric");
    if (answered != null && d.recon.metric(answered).isPresent()) {
      d.adoptMetric(answered);
      d.note("metric " + answered + " (answered)");
      return;
    }
    for (int i = 0; i < d.items.size(); i++) {
      if (d.at(i) instanceof Mention m
          && !d.isUsed(m)
          && m.has(Target.Metric.class)
          && !d.schema.namesRowsOnly(m)) {
        named(d, i, m);
        return;
      }
    }
    if (!d.analyses.isEmpty() && d.problems.isEmpty()) {
      String implied = MetricWords.implied(d.scan, d.recon, d.filters);
      if (implied != null) {
        adoptImplied(d, implied);
        return;
      }
      // An analysis without a measure: ask which, among the metrics that have a time column, the
      // ones closest to the question's words first.
      List<Clarification.Option> options = new ArrayList<>();
      for (MetricDefinition m : MetricWords.ranked(d.scan, d.recon)) {
        options.add(new Clarification.Option(m.name(), m.description()));
      }
      d.ask(
          new Clarification(
              "metric", "metric", "Which measure should the analysis look at?", options));
      return;
    }
    if (d.grain != null && d.problems.isEmpty()) {
      // "card withdrawals by month": a series over time of what the question's words imply
      String implied = MetricWords.implied(d.scan, d.recon, d.filters);
      if (implied != null) {
        adoptImplied(d, implied);
        return;
      }
    }
    if (CommonValue.apply(d)
        || ExtremeOfAColumn.apply(d)
        || PeriodRanking.apply(d)
        || d.problems.isEmpty() && RowsPerGroup.apply(d)) {
      return;
    }
    d.problem(
        "no metric, count or list of the "
            + d.recon.dataset()
            + " dataset is named in the question");
  }

  /** The metric phrase at item {@code i}, with the aggregating word before it when it agrees. */
  private static void named(Draft d, int i, Mention m) {
    String name = d.schema.chooseMetric(m, m.all(Target.Metric.class));
    if (name == null) {
      return;
    }
    if (d.at(i - 1) instanceof Cue which
        && which.kind() == Kind.LIST
        && Set.of("which", "who").contains(which.text())
        && d.schema.isCount(name)) {
      // "which customers made a payment": asks for the rows themselves, which a phrase naming how
      // many of them there are does not give
      d.problem(
          "'" + which.text() + " " + m.text() + "' asks which rows; the phrase names their count");
      return;
    }
    if (d.recon.metric(name).orElse(null) instanceof MetricDefinition.Share
        && HeldRows.aHaveVerbAt(d, m.last() + 1)) {
      // "the percentage of female clients own a junior card": the share's own rows are the whole
      // and what they have the part, which the share's phrase, read whole, does not say
      String verb = d.scan.tokens.get(m.last() + 1).norm();
      d.problem(
          "'"
              + m.text()
              + "' names a share, which a condition after it ('"
              + verb
              + " …') cannot narrow; ask 'among those rows, what percentage "
              + verb
              + " …'");
      return;
    }
    d.use(m);
    d.adoptMetric(name);
    d.note(
        "'"
            + m.text()
            + "' → metric "
            + name
            + (m.fuzzy() ? " (by meaning: no exact word matched)" : ""));
    Cue c = aggregating(d, i, m);
    if (c != null) {
      Aggregation agg = d.schema.metricAggregation(name);
      if ((c.kind() == Kind.SUM && agg == Aggregation.SUM)
          || (c.kind() == Kind.AVG && agg == Aggregation.AVG)) {
        d.use(c);
      } else if (c.kind() == Kind.AVG
          && agg == Aggregation.SUM
          && Measures.averageOfSum(d, name) != null) {
        d.measure = Measures.averageOfSum(d, name);
        d.metricName = null;
        d.use(c);
        d.note("'" + c.text() + " " + m.text() + "' → " + Describe.measure(d.measure));
      }
    }
    if (d.analyses.contains(AnalysisCue.CORRELATE)) {
      // "correlation between card withdrawals and credits": every metric named takes part.
      for (int k = i + 1; k < d.items.size(); k++) {
        if (d.at(k) instanceof Mention o
            && !d.isUsed(o)
            && o.has(Target.Metric.class)
            && o.all(Target.Metric.class).size() == 1) {
          d.use(o);
          d.extraMetrics.add(o.one(Target.Metric.class).name());
          d.note("'" + o.text() + "' → metric " + o.one(Target.Metric.class).name());
        }
      }
    }
  }

  /** The sum or average word right before the phrase at item {@code i}, or inside it. */
  private static Cue aggregating(Draft d, int i, Mention m) {
    for (Object w : new Object[] {d.at(i - 1), d.at(i + 1)}) {
      if (w instanceof Cue c
          && (c.kind() == Kind.SUM || c.kind() == Kind.AVG)
          && (w == d.at(i - 1) && Measures.onlyArticlesBetween(d, c.last(), m.first())
              || c.first() >= m.first() && c.last() <= m.last())) {
        return c;
      }
    }
    return null;
  }

  /**
   * The metric an analysis reads when the question implies it: its own words ("number of
   * transactions"), or the stored values it filters on ("card withdrawals"), whose filters the
   * metric then carries.
   */
  private static void adoptImplied(Draft d, String name) {
    d.adoptMetric(name);
    MetricDefinition def = d.recon.metric(name).orElseThrow();
    if (def instanceof MetricDefinition.Aggregate a) {
      d.filters.removeAll(a.filters());
    }
    d.note("the question's words → metric " + name);
  }
}
