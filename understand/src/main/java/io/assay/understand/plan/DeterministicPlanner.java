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
    List<PlanStep> steps = new ArrayList<>();
    if (cues.isEmpty()) {
      if (request.pick() == null) {
        throw new PlanningException("nothing to answer: the question was not understood");
      }
      steps.add(
          step(
              DIRECT_ANSWER,
              Map.of("pick", StepArgs.json(request.pick())),
              "a lookup or aggregation: one composed query answers it",
              null,
              r));
      return new Plan(steps, "direct answer: the question asks for figures, not an analysis");
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
    TimeGrain grain = f.grain() != null ? f.grain() : TimeGrain.MONTH;
    Map<String, Object> scope = new LinkedHashMap<>();
    if (f.time() != null) {
      scope.put("time", StepArgs.json(f.time()));
    }
    if (!f.filters().isEmpty()) {
      scope.put("filters", StepArgs.json(f.filters()));
    }
    List<String> why = new ArrayList<>();
    if (cues.contains(AnalysisCue.TREND) || cues.contains(AnalysisCue.ANOMALY)) {
      requireTime(f, TREND_ANOMALY);
      Map<String, Object> a = args(metric, scope);
      a.put("grain", StepArgs.json(grain));
      steps.add(
          step(
              TREND_ANOMALY,
              a,
              "scan the "
                  + grain.name().toLowerCase()
                  + "ly series of "
                  + metric
                  + " for periods that depart from the forecast baseline",
              null,
              r));
      why.add("the question asks whether anything is unusual over time");
    }
    if (cues.contains(AnalysisCue.COMPARE)) {
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
      a.put("metric", metric);
      a.put("baseline", StepArgs.json(baseline.toTimeFilter()));
      a.put("current", StepArgs.json(current.toTimeFilter()));
      if (!f.filters().isEmpty()) {
        a.put("filters", StepArgs.json(f.filters()));
      }
      if (!f.groupBy().isEmpty()) {
        a.put("group_by", f.groupBy().get(0).toString());
      }
      steps.add(
          step(
              COMPARE_PERIODS,
              a,
              "compare " + metric + " in " + current + " with " + baseline,
              null,
              r));
      why.add("the question compares periods");
    }
    if (cues.contains(AnalysisCue.DRILL_DOWN)) {
      requireAdditive(r, metric, DRILL_DOWN);
      List<ColumnRef> dims =
          f.groupBy().isEmpty() ? DrillDimensions.candidates(r, metric, f.filters()) : f.groupBy();
      if (dims.isEmpty()) {
        throw new PlanningException("no dimension to drill " + metric + " down by");
      }
      // After a trend scan, explain the interval it located (visible and editable in the plan).
      boolean located = steps.stream().anyMatch(s -> s.analysis().equals(TREND_ANOMALY));
      Map<String, Object> a = args(metric, scope);
      a.put("dimensions", dims.stream().map(ColumnRef::toString).toList());
      a.put("grain", StepArgs.json(grain));
      if (located) {
        a.put("located_by", TREND_ANOMALY);
      }
      PlanStep fallback = null;
      if (dims.size() >= 2) {
        Map<String, Object> m = args(metric, scope);
        m.put("dimensions", dims.stream().limit(5).map(ColumnRef::toString).toList());
        m.put("grain", StepArgs.json(grain));
        if (located) {
          m.put("located_by", TREND_ANOMALY);
        }
        fallback =
            step(
                MULTI_RCA,
                m,
                "when no single dimension explains the change, search combinations of them",
                null,
                r);
      }
      steps.add(
          step(
              DRILL_DOWN,
              a,
              "find which "
                  + dims.stream().map(ColumnRef::toString).collect(Collectors.joining(", "))
                  + " explain the most unusual period of "
                  + metric,
              fallback,
              r));
      why.add("the question asks to drill down into what changed");
    }
    if (cues.contains(AnalysisCue.OUTLIERS)) {
      if (f.groupBy().isEmpty()) {
        throw new PlanningException(
            "outliers among what? name the entities, e.g. 'per district' or 'per account'");
      }
      Map<String, Object> a = args(metric, scope);
      a.put("entity", f.groupBy().get(0).toString());
      steps.add(
          step(
              FIND_OUTLIERS,
              a,
              "find the " + f.groupBy().get(0) + " whose " + metric + " stands out",
              null,
              r));
      why.add("the question asks which entities stand out");
    }
    if (cues.contains(AnalysisCue.FORECAST)) {
      Map<String, Object> a = args(metric, scope);
      a.put("grain", StepArgs.json(grain));
      if (f.horizon() != null) {
        a.put("horizon", f.horizon());
      }
      steps.add(step(FORECAST, a, "forecast " + metric + " from its history", null, r));
      why.add("the question asks what comes next");
    }
    if (cues.contains(AnalysisCue.CORRELATE)) {
      if (f.metrics().size() < 2) {
        throw new PlanningException(
            "a correlation needs two metrics; the question names " + f.metrics().size());
      }
      Map<String, Object> a = new LinkedHashMap<>();
      a.put("metrics", f.metrics().stream().distinct().limit(5).toList());
      a.put("grain", StepArgs.json(grain));
      a.putAll(scope);
      steps.add(
          step(
              CORRELATE,
              a,
              "correlate " + String.join(" and ", f.metrics()) + " over time",
              null,
              r));
      why.add("the question asks how metrics move together");
    }
    if (steps.isEmpty()) {
      throw new PlanningException("no analysis matches the cues " + cues);
    }
    return new Plan(steps, String.join("; ", why));
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
