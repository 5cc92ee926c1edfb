package io.assay.analyses.trend;

import io.assay.algorithms.anomaly.AnomalyInterval;
import io.assay.algorithms.anomaly.HistoryStatistics;
import io.assay.algorithms.anomaly.RangeOutcome;
import io.assay.algorithms.anomaly.ScoringWeights;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.DateSpan;
import io.assay.analyses.MetricInfo;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.SeriesScan;
import io.assay.analyses.support.Windows;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.pick.TimeGrain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  /** History buckets shown on the chart before the scanned window. */
  private static final int CHART_HISTORY = 24;

  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required(
              "metric", ArgType.METRIC, "the metric to scan, e.g. cash_withdrawal_amount"),
          ArgSpec.required(
              "time", ArgType.TIME_FILTER, "the window to scan for anomalies, e.g. the year 1997"),
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
                  + " each by its first day at the step's grain, e.g. [\"1997-06-01\"]: never"
                  + " flagged, and left out of every baseline",
              null));

  @Override
  public String name() {
    return NAME;
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
  public Finding run(Map<String, Object> rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    MetricInfo metric = Metrics.require(args, "metric", context);
    String timeColumn = Metrics.timeColumn(args, metric);
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
    DateSpan span = Metrics.span(context, timeColumn);
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
            + metric.words()
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
            Periods.word(grain)
                + "ly "
                + metric.words()
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
          .error("Could not scan " + metric.words() + ": " + problem + ".")
          .nextStep("Choose a later window or a finer grain so that more history precedes it.")
          .build(series.size() == 0 ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    return describe(f, q, metric, grain, window, scan);
  }

  private static Finding robust(
      Finding.Builder f,
      StepQueries q,
      MetricInfo metric,
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
            + metric.words()
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
                .withWeights(drop, rise),
            args.periods(EXPECTED_PERIODS));
    Series series = scan.series();
    f.data(
        new DataDescription(
            Periods.word(grain)
                + "ly "
                + metric.words()
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
          .error("Could not scan " + metric.words() + ": " + problem + ".")
          .nextStep("Choose a later window or a finer grain so that more history precedes it.")
          .build(series.size() == 0 ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    return RobustTrendDescription.describe(f, q, metric, grain, window, scan, threshold);
  }

  private Finding describe(
      Finding.Builder f,
      StepQueries q,
      MetricInfo metric,
      TimeGrain grain,
      Periods.Range window,
      TrendScan trend) {
    Series series = trend.series();
    SeriesScan.Result result = trend.result();
    RangeOutcome.Scanned scan = result.scan();
    int s0 = trend.scanStart();
    double[] values = series.values();
    HistoryStatistics stats = HistoryStatistics.of(Arrays.copyOf(values, s0));

    Map<String, Object> content = new LinkedHashMap<>();
    content.put("metric", metric.name());
    content.put("grain", Periods.word(grain));
    content.put("frequency", scan.frequency());
    content.put("stride", scan.stride());
    content.put("evaluation_window", scan.evaluationWindow());
    content.put("forecast_models", List.copyOf(result.models()));
    content.put("noise_scale", stats.noiseScale());
    List<Map<String, Object>> seriesRows = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("period", series.iso(i));
      p.put("value", values[i]);
      seriesRows.add(p);
    }
    content.put("series", seriesRows);
    List<Map<String, Object>> points = new ArrayList<>();
    for (int j = 0; j < result.baseline().length; j++) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("period", series.iso(s0 + j));
      p.put("actual", values[s0 + j]);
      p.put("baseline", result.hasBaseline()[j] ? result.baseline()[j] : null);
      p.put("severity", scan.severityCurve()[j]);
      points.add(p);
    }
    content.put("points", points);
    List<Map<String, Object>> intervals = new ArrayList<>();
    for (AnomalyInterval i : scan.intervals()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("start", series.iso(i.startAbsIndex()));
      m.put("end", series.iso(i.endAbsIndex()));
      m.put("peak_period", series.iso(s0 + i.peakIndex()));
      m.put("peak", i.peak());
      m.put("mean", i.mean());
      m.put("area", i.area());
      m.put("direction", i.direction().label());
      intervals.add(m);
    }
    content.put("intervals", intervals);
    content.put("interval_count", intervals.size());
    content.put("score", scan.score());
    double maxSeverity = 0;
    for (double s : scan.severityCurve()) {
      maxSeverity = Math.max(maxSeverity, s);
    }
    content.put("max_severity", maxSeverity);
    ArtifactRef ref = q.computation("anomaly_scan", content);

    String models = String.join(", ", result.models());
    f.keyPath(
        Periods.word(grain)
            + "ly series "
            + series.iso(0)
            + ".."
            + series.iso(series.size() - 1)
            + " → forecast baseline ("
            + models
            + ") in blocks of "
            + scan.stride()
            + " → window scores (window "
            + scan.evaluationWindow()
            + ") → hysteresis and filter → "
            + scan.intervals().size()
            + " interval(s)");

    DisplayFormat valueFormat = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String title = Metrics.title(metric);
    AnomalyInterval top = result.top();
    f.figure(
        Figures.of(
            "interval_count",
            "Anomalous intervals found in " + window.describe(),
            "",
            DisplayFormat.number(0),
            Derivation.value("interval count", intervals.size(), ref, "/interval_count")));
    if (top == null) {
      f.figure(
          Figures.of(
              "max_severity",
              "Highest window severity in " + window.describe(),
              "",
              DisplayFormat.number(2),
              Derivation.value("max severity", maxSeverity, ref, "/max_severity")));
      f.statement(
          "No period of {label:"
              + metric.words()
              + "} in {date:"
              + isoOrYear(window)
              + "} stood out from its forecast baseline; the highest window severity was"
              + " {fig:max_severity} and {fig:interval_count} intervals were flagged.");
      f.nextStep("Scan a different window, or a finer grain, if a specific change is suspected.");
    } else {
      List<Derivation> peaks = new ArrayList<>();
      for (int k = 0; k < scan.intervals().size(); k++) {
        peaks.add(
            Derivation.value(
                "peak of interval " + (k + 1),
                scan.intervals().get(k).peak(),
                ref,
                "/intervals/" + k + "/peak"));
      }
      f.figure(
          Figures.of(
              "score",
              "Anomaly score of the most unusual period (0 to 1)",
              "",
              DisplayFormat.number(2),
              Figures.combine(Operation.MAX, peaks)));
      int peakAbs = s0 + top.peakIndex();
      int peakLocal = top.peakIndex();
      Derivation actual = series.valueDerivation(peakAbs, ref, "/series/" + peakAbs + "/value");
      Derivation baseline =
          Derivation.value(
              "baseline " + series.iso(peakAbs),
              result.baseline()[peakLocal],
              ref,
              "/points/" + peakLocal + "/baseline");
      f.figure(
          Figures.of(
              "peak_actual", title + " in " + series.iso(peakAbs), unit, valueFormat, actual));
      f.figure(
          Figures.of(
              "peak_baseline",
              "Forecast baseline of " + metric.words() + " for " + series.iso(peakAbs),
              unit,
              valueFormat,
              baseline));
      f.figure(
          Figures.of(
              "peak_change",
              "Actual minus baseline in " + series.iso(peakAbs),
              unit,
              valueFormat,
              Figures.combine(Operation.DIFFERENCE, actual, baseline)));
      if (result.baseline()[peakLocal] != 0) {
        f.figure(
            Figures.of(
                "peak_change_pct",
                "Change against the baseline in " + series.iso(peakAbs),
                "",
                DisplayFormat.percent(1),
                Figures.combine(Operation.GROWTH, baseline, actual)));
      }
      String direction = top.direction().label();
      boolean drop = "drop".equalsIgnoreCase(direction);
      String span =
          top.startAbsIndex() == top.endAbsIndex()
              ? "{date:" + series.iso(peakAbs) + "}"
              : "the interval {date:"
                  + series.iso(top.startAbsIndex())
                  + "} to {date:"
                  + series.iso(top.endAbsIndex())
                  + "}";
      f.statement(
          "{label:"
              + title
              + "} shows an unusual "
              + (drop ? "drop" : "rise")
              + " in "
              + span
              + ", with an anomaly score of {fig:score}.");
      f.statement(
          "In {date:"
              + series.iso(peakAbs)
              + "} it was {fig:peak_actual} against a forecast"
              + " baseline of {fig:peak_baseline}, a difference of {fig:peak_change}"
              + (result.baseline()[peakLocal] != 0 ? " ({fig:peak_change_pct})." : "."));
      if (scan.intervals().size() > 1) {
        f.statement("{fig:interval_count} unusual intervals were found in the window in all.");
      }
      f.nextStep(
          "Drill down into "
              + series.iso(peakAbs)
              + " (drill_down with this metric and candidate"
              + " dimensions such as district or operation) to find what explains the "
              + direction
              + ".");
    }
    f.chart(q.chart(chart(metric, grain, series, trend, stats)));
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  private static String isoOrYear(Periods.Range window) {
    String iso = window.isoPeriod();
    return iso != null ? iso : window.from().toString();
  }

  private static TimeSeriesChart chart(
      MetricInfo metric, TimeGrain grain, Series series, TrendScan trend, HistoryStatistics stats) {
    SeriesScan.Result r = trend.result();
    int s0 = trend.scanStart();
    double[] values = series.values();
    List<TimeSeriesChart.Point> points = new ArrayList<>();
    for (int i = Math.max(0, s0 - CHART_HISTORY); i < series.size(); i++) {
      int j = i - s0;
      if (j >= 0 && r.hasBaseline()[j]) {
        double p = r.baseline()[j];
        // The band is where a point's severity stays under one half: |z| <= 3 noise scales.
        double half = 3 * Math.max(Math.max(stats.noiseScale(), Math.abs(p) * 0.001), 1e-9);
        points.add(new TimeSeriesChart.Point(series.iso(i), values[i], p, p - half, p + half));
      } else {
        points.add(new TimeSeriesChart.Point(series.iso(i), values[i], null, null, null));
      }
    }
    List<TimeSeriesChart.AnomalyInterval> intervals = new ArrayList<>();
    for (AnomalyInterval i : r.scan().intervals()) {
      intervals.add(
          new TimeSeriesChart.AnomalyInterval(
              series.iso(i.startAbsIndex()),
              series.iso(i.endAbsIndex()),
              "drop".equalsIgnoreCase(i.direction().label())
                  ? TimeSeriesChart.Direction.DROP
                  : TimeSeriesChart.Direction.RISE,
              i.peak()));
    }
    return new TimeSeriesChart(
        "series",
        Metrics.title(metric) + " by " + Periods.word(grain) + " with forecast baseline",
        MetricDisplay.unit(metric),
        MetricDisplay.format(metric),
        points,
        intervals,
        null);
  }
}
