package io.assay.understand.plan;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.ArgCatalog;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Frame;
import io.assay.understand.Period;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The default planner: the analysis cues of a question pick the steps, in a fixed order — a trend
 * scan ("unusual", "trend") first, then a period comparison, a drill-down ("drill down", "why"),
 * outliers, a forecast, a correlation — and the understood frame fills their args (metric, time
 * window, grain, filters; drill-down dimensions from recon). A question without an analysis cue is
 * one {@code direct_answer} step with the understood Pick. Every step's args are validated against
 * its analysis's args schema before the plan is returned.
 */
public final class DeterministicPlanner implements Planner {

  static final String DIRECT_ANSWER = "direct_answer";
  static final String TREND_ANOMALY = "trend_anomaly";
  static final String COMPARE_PERIODS = "compare_periods";
  static final String DRILL_DOWN = "drill_down";
  static final String MULTI_RCA = "multi_dimensional_rca";
  static final String FIND_OUTLIERS = "find_outliers";
  static final String FORECAST = "forecast";
  static final String CORRELATE = "correlate";

  private final AnalysisRegistry registry;
  private final Supplier<Recon> recon;

  public DeterministicPlanner(AnalysisRegistry registry, Supplier<Recon> recon) {
    this.registry = registry;
    this.recon = recon;
  }

  @Override
  public Plan plan(PlanRequest request) {
    Recon r = recon.get();
    Set<AnalysisCue> cues = request.cues();
    if (cues.isEmpty()) {
      return directAnswer(request, r);
    }
    Frame f = request.frame();
    String metric = f.metric();
    if (metric == null) {
      throw new PlanningException(
          "the analysis needs a named metric (one of "
              + metricNames(r)
              + "); the question's "
              + "measure is not one");
    }
    Scope s = new Scope(r, f, metric, f.grain() != null ? f.grain() : TimeGrain.MONTH, scope(f));
    List<PlanStep> steps = new ArrayList<>();
    List<String> why = new ArrayList<>();
    if (cues.contains(AnalysisCue.TREND) || cues.contains(AnalysisCue.ANOMALY)) {
      steps.add(trendStep(s));
      why.add("the question asks whether anything is unusual over time");
    }
    if (cues.contains(AnalysisCue.COMPARE)) {
      steps.add(compareStep(s));
      why.add("the question compares periods");
    }
    if (cues.contains(AnalysisCue.DRILL_DOWN)) {
      boolean located = steps.stream().anyMatch(p -> p.analysis().equals(TREND_ANOMALY));
      steps.add(drillStep(s, located));
      why.add("the question asks to drill down into what changed");
    }
    if (cues.contains(AnalysisCue.OUTLIERS)) {
      steps.add(outlierStep(s));
      why.add("the question asks which entities stand out");
    }
    if (cues.contains(AnalysisCue.FORECAST)) {
      steps.add(forecastStep(s));
      why.add("the question asks what comes next");
    }
    if (cues.contains(AnalysisCue.CORRELATE)) {
      steps.add(correlateStep(s));
      why.add("the question asks how metrics move together");
    }
    if (steps.isEmpty()) {
      throw new PlanningException("no analysis matches the cues " + cues);
    }
    return new Plan(steps, String.join("; ", why));
  }

  /**
   * What every analysis step of one plan shares: the metric, its grain and its time and filters.
   */
  private record Scope(
      Recon recon, Frame frame, String metric, TimeGrain grain, Map<String, Object> scope) {
    Map<String, Object> args() {
      return DeterministicPlanner.args(metric, scope);
    }
  }

  private static Map<String, Object> scope(Frame f) {
    Map<String, Object> scope = new LinkedHashMap<>();
    if (f.time() != null) {
      scope.put("time", StepArgs.json(f.time()));
    }
    if (!f.filters().isEmpty()) {
      scope.put("filters", StepArgs.json(f.filters()));
    }
    return scope;
  }

  /** A question without an analysis cue: one composed query answers it. */
  private Plan directAnswer(PlanRequest request, Recon r) {
    if (request.pick() == null) {
      throw new PlanningException("nothing to answer: the question was not understood");
    }
    PlanStep step =
        step(
            DIRECT_ANSWER,
            Map.of("pick", StepArgs.json(request.pick())),
            "a lookup or aggregation: one composed query answers it",
            null,
            r);
    return new Plan(List.of(step), "direct answer: the question asks for figures, not an analysis");
  }

  private PlanStep trendStep(Scope s) {
    requireTime(s.frame(), TREND_ANOMALY);
    Map<String, Object> a = s.args();
    a.put("grain", StepArgs.json(s.grain()));
    return step(
        TREND_ANOMALY,
        a,
        "scan the "
            + s.grain().name().toLowerCase()
            + "ly series of "
            + s.metric()
            + " for periods that depart from the forecast baseline",
        null,
        s.recon());
  }

  private PlanStep compareStep(Scope s) {
    Frame f = s.frame();
    List<Period> periods = f.periods();
    if (periods.isEmpty()) {
      throw new PlanningException("a comparison needs a period ('1997 versus 1996')");
    }
    // The later period is the one compared with the earlier, whatever the word order.
    List<Period> sorted = new ArrayList<>(periods);
    sorted.sort(java.util.Comparator.comparing(Period::from));
    Period current = sorted.get(sorted.size() - 1);
    Period baseline = sorted.size() >= 2 ? sorted.get(sorted.size() - 2) : current.minus(1);
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("metric", s.metric());
    a.put("baseline", StepArgs.json(baseline.toTimeFilter()));
    a.put("current", StepArgs.json(current.toTimeFilter()));
    if (!f.filters().isEmpty()) {
      a.put("filters", StepArgs.json(f.filters()));
    }
    if (!f.groupBy().isEmpty()) {
      a.put("group_by", f.groupBy().get(0).toString());
    }
    return step(
        COMPARE_PERIODS,
        a,
        "compare " + s.metric() + " in " + current + " with " + baseline,
        null,
        s.recon());
  }

  /**
   * A drill-down over the question's groups or recon's candidate dimensions; after a trend scan it
   * explains the interval the scan located (visible and editable in the plan).
   */
  private PlanStep drillStep(Scope s, boolean located) {
    Frame f = s.frame();
    Recon r = s.recon();
    String metric = s.metric();
    requireAdditive(r, metric, DRILL_DOWN);
    List<ColumnRef> dims =
        f.groupBy().isEmpty() ? DrillDimensions.candidates(r, metric, f.filters()) : f.groupBy();
    if (dims.isEmpty()) {
      throw new PlanningException("no dimension to drill " + metric + " down by");
    }
    Map<String, Object> a = drillArgs(s, dims, located);
    PlanStep fallback = null;
    if (dims.size() >= 2) {
      fallback =
          step(
              MULTI_RCA,
              drillArgs(s, dims.stream().limit(5).toList(), located),
              "when no single dimension explains the change, search combinations of them",
              null,
              r);
    }
    return step(
        DRILL_DOWN,
        a,
        "find which "
            + dims.stream().map(ColumnRef::toString).collect(Collectors.joining(", "))
            + " explain the most unusual period of "
            + metric,
        fallback,
        r);
  }

  private static Map<String, Object> drillArgs(Scope s, List<ColumnRef> dims, boolean located) {
    Map<String, Object> a = s.args();
    a.put("dimensions", dims.stream().map(ColumnRef::toString).toList());
    a.put("grain", StepArgs.json(s.grain()));
    if (located) {
      a.put("located_by", TREND_ANOMALY);
    }
    return a;
  }

  private PlanStep outlierStep(Scope s) {
    Frame f = s.frame();
    if (f.groupBy().isEmpty()) {
      throw new PlanningException(
          "outliers among what? name the entities, e.g. 'per district' or 'per account'");
    }
    Map<String, Object> a = s.args();
    a.put("entity", f.groupBy().get(0).toString());
    return step(
        FIND_OUTLIERS,
        a,
        "find the " + f.groupBy().get(0) + " whose " + s.metric() + " stands out",
        null,
        s.recon());
  }

  private PlanStep forecastStep(Scope s) {
    Map<String, Object> a = s.args();
    a.put("grain", StepArgs.json(s.grain()));
    if (s.frame().horizon() != null) {
      a.put("horizon", s.frame().horizon());
    }
    return step(FORECAST, a, "forecast " + s.metric() + " from its history", null, s.recon());
  }

  private PlanStep correlateStep(Scope s) {
    Frame f = s.frame();
    if (f.metrics().size() < 2) {
      throw new PlanningException(
          "a correlation needs two metrics; the question names " + f.metrics().size());
    }
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("metrics", f.metrics().stream().distinct().limit(5).toList());
    a.put("grain", StepArgs.json(s.grain()));
    a.putAll(s.scope());
    return step(
        CORRELATE,
        a,
        "correlate " + String.join(" and ", f.metrics()) + " over time",
        null,
        s.recon());
  }

  private static Map<String, Object> args(String metric, Map<String, Object> scope) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("metric", metric);
    a.putAll(scope);
    return a;
  }

  private static void requireTime(Frame f, String analysis) {
    if (f.time() == null) {
      throw new PlanningException(analysis + " needs a time window ('in 1997', 'last quarter')");
    }
  }

  private static void requireAdditive(Recon r, String metric, String analysis) {
    MetricDefinition m = r.metric(metric).orElseThrow();
    boolean additive =
        m instanceof MetricDefinition.Aggregate a
            && (a.aggregation() == Aggregation.SUM || a.aggregation() == Aggregation.COUNT);
    if (!additive) {
      throw new PlanningException(
          analysis
              + " splits a total into parts, so it needs a sum or a count; "
              + metric
              + " is not one ("
              + m.description()
              + ")");
    }
  }

  private static String metricNames(Recon r) {
    return r.metrics().stream()
        .filter(m -> m.timeColumn() != null)
        .map(MetricDefinition::name)
        .collect(Collectors.joining(", "));
  }

  /** A step whose args are checked against the analysis's schema (a planner bug otherwise). */
  private PlanStep step(
      String analysis, Map<String, Object> args, String why, PlanStep fallback, Recon r) {
    Analysis a =
        registry
            .find(analysis)
            .orElseThrow(() -> new PlanningException("analysis " + analysis + " is not installed"));
    List<String> problems = a.argsSchema().validate(args, ArgCatalog.of(r));
    if (!problems.isEmpty()) {
      throw new PlanningException(
          "planned " + analysis + " with invalid args: " + String.join("; ", problems));
    }
    return new PlanStep(analysis, args, why, fallback);
  }
}
