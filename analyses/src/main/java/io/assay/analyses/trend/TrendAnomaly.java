package io.assay.analyses.trend;

import io.assay.algorithms.anomaly.ScoringWeights;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.CueWords;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.Windows;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.Optional;

/**
 * {@code trend_anomaly}: the metric by time bucket over a window and the history before it; a
 * forecast baseline in blocks from everything before each block; window anomaly scores, hysteresis
 * and interval filtering (spec A6). Names the most anomalous interval, its peak period, actual
 * against baseline and score.
 */
public final class TrendAnomaly implements Analysis {
  public static final String NAME = "trend_anomaly";
  public static final String ROBUST = "robust";
  public static final String OPENCHATBI = "openchatbi";
  public static final String EXPECTED_PERIODS = "expected_periods";

  private static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          TrendPlanArgs.class,
          ArgSpec.required(
              "metric", ArgType.METRIC, "the metric to scan, by its name in the dataset's metrics"),
          ArgSpec.required(
              "time", ArgType.TIME_FILTER, "the window to scan for anomalies, e.g. one year"),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "bucket of the series", "month"),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows, e.g. one region", null),
          ArgSpec.optional(
              "history_periods",
              ArgType.INTEGER,
              "buckets of history before the window used for the forecast baseline",
              36),
          ArgSpec.optional(
              "drop_weight",
              ArgType.NUMBER,
              "weight of drops in the score, 0..3 (multiplies a drop's score)",
              1.0),
          ArgSpec.optional(
              "rise_weight", ArgType.NUMBER, "weight of rises in the score, 0..3", 1.0),
          ArgSpec.optional(
              "detector",
              ArgType.STRING,
              "robust (one-step robust baselines, scores in typical errors) or openchatbi (the"
                  + " reference range scan, scores 0..1)",
              ROBUST),
          ArgSpec.optional(
              "threshold",
              ArgType.NUMBER,
              "robust detector: score from which a period is unusual",
              RobustParams.ENTER),
          ArgSpec.optional(
              EXPECTED_PERIODS,
              ArgType.PERIOD_LIST,
              "periods known to be out of the ordinary (a holiday, a campaign, a known change),"
                  + " each by its first day at the step's grain, as YYYY-MM-DD: never"
                  + " flagged, and left out of every baseline",
              null));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public CueWords cues() {
    return CueWords.of(
        CueWords.Cue.of(
            "TREND",
            "the metric over time, period by period",
            "trend",
            "trends",
            "over time",
            "evolution",
            "evolve",
            "evolved",
            "develop",
            "developed",
            "development"),
        CueWords.Cue.of(
            "ANOMALY",
            "anything unusual, off, a spike or a drop in the series",
            "unusual",
            "anomaly",
            "anomalies",
            "anomalous",
            "abnormal",
            "spike",
            "spikes",
            "dip",
            "dips",
            "strange",
            "odd",
            "unexpected",
            "irregular",
            "out of the ordinary",
            "looks off",
            "look off",
            "seems off",
            "is off",
            "are off",
            "something off",
            "anything off",
            "looks wrong",
            "looks weird",
            "weird",
            "sudden drop",
            "sudden rise"));
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(TrendPlanning.ENTRY);
  }

  @Override
  public String description() {
    return "Scans a metric's time series over a window for unusual periods against one-step-ahead"
        + " baselines and ranks them by score (deviation in typical errors of the baseline).";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    MetricDefinition metric = Metrics.require(args, "metric", context);
    ColumnRef timeColumn = Metrics.timeColumn(args, metric);
    TimeGrain grain = args.grain("grain");
    int historyPeriods = args.integer("history_periods");
    if (historyPeriods < TrendScan.MIN_HISTORY || historyPeriods > 520) {
      throw args.invalid(
          "arg 'history_periods' must be between "
              + TrendScan.MIN_HISTORY
              + " and 520, got "
              + historyPeriods);
    }
    double drop = args.number("drop_weight");
    double rise = args.number("rise_weight");
    if (drop < 0 || drop > 3 || rise < 0 || rise > 3) {
      throw args.invalid("drop_weight and rise_weight must be between 0 and 3");
    }
    DateRange span = Metrics.span(context, timeColumn);
    Periods.Range window = Windows.complete(args, "time", grain, span);
    if (Periods.buckets(grain, window.from(), window.to()).size() < 2) {
      throw args.invalid(
          "arg 'time': "
              + window.describe()
              + " is a single "
              + Periods.word(grain)
              + "; scanning needs at least two — widen the window or use a finer grain");
    }
    Periods.Range history = Windows.before(window, grain, historyPeriods, span);
    String detector = args.string("detector").strip().toLowerCase(java.util.Locale.ROOT);
    if (!detector.equals(ROBUST) && !detector.equals(OPENCHATBI)) {
      throw args.invalid("arg 'detector' must be robust or openchatbi, got " + detector);
    }
    double threshold = args.number("threshold");
    if (!(threshold >= 1 && threshold <= 20)) {
      throw args.invalid("arg 'threshold' must be between 1 and 20, got " + threshold);
    }

    if (detector.equals(OPENCHATBI) && !args.periods(EXPECTED_PERIODS).isEmpty()) {
      throw args.invalid(
          "arg '" + EXPECTED_PERIODS + "' needs the robust detector, not " + OPENCHATBI);
    }

    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    if (detector.equals(ROBUST)) {
      return robust(f, q, metric, grain, window, history, args, threshold, drop, rise);
    }
    f.goal(
        "Find unusual "
            + Periods.word(grain)
            + "s of "
            + MetricTraits.words(metric)
            + " in "
            + window.describe()
            + " against a forecast baseline.");
    TrendScan scan =
        TrendScan.run(
            q,
            metric,
            grain,
            window,
            history,
            args.filters("filters"),
            context.forecaster(),
            new ScoringWeights(drop, rise, 0.5));
    Series series = scan.series();
    f.data(
        new DataDescription(
            grain.adjective()
                + " "
                + MetricTraits.words(metric)
                + " from "
                + series.iso(0)
                + " to "
                + series.iso(series.size() - 1)
                + ": "
                + series.size()
                + " buckets, of which "
                + (series.size() - scan.scanStart())
                + " scanned",
            series.query().rows().size(),
            series.query().rows().columns()));
    String problem = scan.problem();
    if (problem != null) {
      q.stored().forEach(f::artifact);
      return f.keyPath("series " + window.describe() + " → not scanned")
          .error("Could not scan " + MetricTraits.words(metric) + ": " + problem + ".")
          .nextStep("Choose a later window or a finer grain so that more history precedes it.")
          .build(series.size() == 0 ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    return OpenChatBiDescription.describe(f, q, metric, grain, window, scan);
  }

  private static Finding robust(
      Finding.Builder f,
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range window,
      Periods.Range history,
      Args args,
      double threshold,
      double drop,
      double rise) {
    f.goal(
        "Find unusual "
            + Periods.word(grain)
            + "s of "
            + MetricTraits.words(metric)
            + " in "
            + window.describe()
            + " against one-step-ahead baselines.");
    RobustTrendScan scan =
        RobustTrendScan.run(
            q,
            "series",
            metric,
            grain,
            window,
            history,
            args.filters("filters"),
            RobustParams.of(RobustTrendScan.season(grain))
                .withEnter(threshold)
                .withWeights(drop, rise)
                .withCounts(MetricTraits.counts(metric))
                .withSecondLook(true),
            args.periods(EXPECTED_PERIODS));
    Series series = scan.series();
    f.data(
        new DataDescription(
            grain.adjective()
                + " "
                + MetricTraits.words(metric)
                + " from "
                + (series.size() == 0 ? window.from() : series.iso(0))
                + " to "
                + (series.size() == 0 ? window.to() : series.iso(series.size() - 1))
                + ": "
                + series.size()
                + " buckets, of which "
                + Math.max(0, series.size() - scan.scanStart())
                + " scanned",
            series.query().rows().size(),
            series.query().rows().columns()));
    String problem = scan.problem();
    if (problem != null) {
      q.stored().forEach(f::artifact);
      return f.keyPath("series " + window.describe() + " → not scanned")
          .error("Could not scan " + MetricTraits.words(metric) + ": " + problem + ".")
          .nextStep("Choose a later window or a finer grain so that more history precedes it.")
          .build(series.size() == 0 ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    return RobustTrendDescription.describe(f, q, metric, grain, window, scan, threshold);
  }
}
