package io.assay.web.monitor;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.support.Periods;
import io.assay.analyses.trend.TrendAnomaly;
import io.assay.contract.monitor.AlertRule;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * An approved plan whose time window rolls: at each run, every step's {@code time} argument becomes
 * "the last N periods up to the latest complete one", complete both by the run's date and in the
 * data. The grain and N come from the plan's trend_anomaly step (its window as approved), unless a
 * person gives N.
 */
final class RollingPlan {
  /** The argument every rolling step windows by. */
  static final String TIME = "time";

  private RollingPlan() {}

  /** The grain and number of periods of a plan that can roll; the plan's own window sets them. */
  record Window(TimeGrain grain, int periods, String metric) {}

  /**
   * Checks that a plan can roll and returns its window; {@code periods} null keeps the approved
   * window's length. Refused: a plan without a trend_anomaly step when the rule reads one, and a
   * step with a fixed period other than its window (a comparison of two named periods).
   */
  static Window of(
      Plan plan,
      AlertRule rule,
      Integer periods,
      AnalysisRegistry registry,
      Function<String, DateRange> spanOfMetric,
      Function<Object, TimeFilter> timeFilter) {
    PlanStep trend = null;
    for (int i = 0; i < plan.steps().size(); i++) {
      PlanStep step = plan.steps().get(i);
      if (step.analysis().equals(TrendAnomaly.NAME) && trend == null) {
        trend = step;
      }
      fixedPeriod(step, registry)
          .ifPresent(
              arg -> {
                throw new IllegalArgumentException(
                    "step "
                        + (plan.steps().indexOf(step) + 1)
                        + " ("
                        + step.analysis()
                        + ") compares the fixed period in '"
                        + arg
                        + "', which cannot roll; create the monitor from a job that scans a"
                        + " window (trend_anomaly)");
              });
    }
    if (trend == null) {
      if (rule == AlertRule.LATEST_PERIOD_FLAGGED) {
        throw new IllegalArgumentException(
            "the job's plan has no trend_anomaly step, so no run could flag its latest period;"
                + " use alertRule ALWAYS or create the monitor from a job that scans a trend");
      }
      throw new IllegalArgumentException(
          "the job's plan has no trend_anomaly step, whose window a monitor rolls");
    }
    TimeGrain grain = grain(trend);
    String metric = String.valueOf(trend.args().get("metric"));
    int n;
    if (periods != null) {
      n = periods;
    } else {
      Object time = trend.args().get(TIME);
      if (time == null) {
        throw new IllegalArgumentException("the trend_anomaly step has no time window to roll");
      }
      Periods.Range range = Periods.resolve(timeFilter.apply(time), spanOfMetric.apply(metric));
      n = Periods.buckets(grain, range.from(), range.to()).size();
    }
    if (n < 2 || n > 520) {
      throw new IllegalArgumentException(
          "a monitor scans between 2 and 520 " + Periods.word(grain) + "s, got " + n);
    }
    return new Window(grain, n, metric);
  }

  /** A TIME_FILTER argument other than the window that is set, unless the step follows a scan. */
  private static java.util.Optional<String> fixedPeriod(PlanStep step, AnalysisRegistry registry) {
    if (step.args().get("located_by") != null) {
      return java.util.Optional.empty();
    }
    Analysis analysis = registry.find(step.analysis()).orElse(null);
    if (analysis == null) {
      return java.util.Optional.empty();
    }
    for (ArgSpec spec : analysis.argsSchema().args()) {
      if (spec.type() == ArgType.TIME_FILTER
          && !spec.name().equals(TIME)
          && step.args().get(spec.name()) != null) {
        return java.util.Optional.of(spec.name());
      }
    }
    return java.util.Optional.empty();
  }

  static TimeGrain grain(PlanStep trend) {
    Object g = trend.args().get("grain");
    return g == null ? TimeGrain.MONTH : TimeGrain.valueOf(g.toString().toUpperCase(Locale.ROOT));
  }

  /**
   * The window of a run as of {@code asOf} (a date in the monitor's zone): the {@code periods}
   * periods ending with the latest one that is over by {@code asOf} and, when the data's last date
   * is known, covered by the data.
   */
  static Periods.Range window(TimeGrain grain, int periods, LocalDate asOf, LocalDate dataLast) {
    LocalDate limit = asOf.minusDays(1);
    if (dataLast != null && dataLast.isBefore(limit)) {
      limit = dataLast;
    }
    LocalDate last = Periods.start(grain, limit);
    if (!Periods.end(grain, last).equals(limit)) {
      last = Periods.plus(grain, last, -1);
    }
    LocalDate first = Periods.plus(grain, last, -(periods - 1));
    return new Periods.Range(first, Periods.end(grain, last));
  }

  /** The plan with every step's window replaced by {@code window} (fallbacks too). */
  static Plan resolve(Plan plan, Periods.Range window, Function<PlanStep, PlanStep> tune) {
    List<PlanStep> steps = new ArrayList<>();
    for (PlanStep step : plan.steps()) {
      steps.add(tune.apply(roll(step, window)));
    }
    return new Plan(steps, plan.reason());
  }

  private static PlanStep roll(PlanStep step, Periods.Range window) {
    if (step == null) {
      return null;
    }
    Map<String, Object> args = new LinkedHashMap<>(step.args());
    if (args.containsKey(TIME)) {
      Map<String, Object> range = new LinkedHashMap<>();
      range.put("kind", "range");
      range.put("from", window.from().toString());
      range.put("to", window.to().toString());
      args.put(TIME, range);
    }
    return new PlanStep(step.analysis(), args, step.why(), roll(step.fallback(), window));
  }

  /** "the 12 months 1996-07-01 to 1997-06-30". */
  static String words(TimeGrain grain, int periods, Periods.Range window) {
    return "the "
        + periods
        + " "
        + Periods.word(grain)
        + "s "
        + window.from()
        + " to "
        + window.to();
  }
}
