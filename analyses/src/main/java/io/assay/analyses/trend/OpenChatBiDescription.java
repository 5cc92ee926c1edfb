package io.assay.analyses.trend;

import io.assay.algorithms.anomaly.AnomalyInterval;
import io.assay.algorithms.anomaly.HistoryStatistics;
import io.assay.algorithms.anomaly.RangeOutcome;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.SeriesScan;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Words, figures and the chart of the OpenChatBI-compatible range scan ({@code detector:
 * openchatbi}): forecast baselines in blocks, window severities 0..1, and the stored {@code
 * anomaly_scan} computation every figure derives from.
 */
final class OpenChatBiDescription {
  /** History buckets shown on the chart before the scanned window. */
  private static final int CHART_HISTORY = 24;

  private OpenChatBiDescription() {}

  static Finding describe(
      Finding.Builder f,
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range window,
      TrendScan trend) {
    Series series = trend.series();
    SeriesScan.Result result = trend.result();
    RangeOutcome.Scanned scan = result.scan();
    int s0 = trend.scanStart();
    HistoryStatistics stats = HistoryStatistics.of(Arrays.copyOf(series.values(), s0));
    double maxSeverity = 0;
    for (double s : scan.severityCurve()) {
      maxSeverity = Math.max(maxSeverity, s);
    }
    ArtifactRef ref =
        q.computation("anomaly_scan", content(metric, grain, trend, stats, maxSeverity));
    f.keyPath(
        grain.adjective()
            + " series "
            + series.iso(0)
            + ".."
            + series.iso(series.size() - 1)
            + " → forecast baseline ("
            + String.join(", ", result.models())
            + ") in blocks of "
            + scan.stride()
            + " → window scores (window "
            + scan.evaluationWindow()
            + ") → hysteresis and filter → "
            + scan.intervals().size()
            + " interval(s)");
    f.figure(
        Figures.of(
            "interval_count",
            "Anomalous intervals found in " + window.describe(),
            "",
            DisplayFormat.number(0),
            Derivation.value("interval count", scan.intervals().size(), ref, "/interval_count")));
    if (result.top() == null) {
      f.figure(
          Figures.of(
              "max_severity",
              "Highest window severity in " + window.describe(),
              "",
              DisplayFormat.number(2),
              Derivation.value("max severity", maxSeverity, ref, "/max_severity")));
      f.statement(
          "No period of {label:"
              + MetricTraits.words(metric)
              + "} in "
              + PeakWords.window(window)
              + " stood out from its forecast baseline; the highest window severity was"
              + " {fig:max_severity} and {fig:interval_count} intervals were flagged.");
      f.nextStep("Scan a different window, or a finer grain, if a specific change is suspected.");
    } else {
      located(f, metric, trend, ref);
    }
    f.chart(q.chart(chart(metric, grain, trend, stats)));
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  /** The {@code anomaly_scan} computation: the series, the scored points and the intervals. */
  private static Map<String, Object> content(
      MetricDefinition metric,
      TimeGrain grain,
      TrendScan trend,
      HistoryStatistics stats,
      double maxSeverity) {
    Series series = trend.series();
    SeriesScan.Result result = trend.result();
    RangeOutcome.Scanned scan = result.scan();
    int s0 = trend.scanStart();
    double[] values = series.values();
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
    content.put("max_severity", maxSeverity);
    return content;
  }

  /** The score, the peak figures and the sentences on the top interval. */
  private static void located(
      Finding.Builder f, MetricDefinition metric, TrendScan trend, ArtifactRef ref) {
    Series series = trend.series();
    SeriesScan.Result result = trend.result();
    RangeOutcome.Scanned scan = result.scan();
    AnomalyInterval top = result.top();
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
    int peakAbs = trend.scanStart() + top.peakIndex();
    int peakLocal = top.peakIndex();
    String iso = series.iso(peakAbs);
    Derivation actual = series.valueDerivation(peakAbs, ref, "/series/" + peakAbs + "/value");
    Derivation baseline =
        Derivation.value(
            "baseline " + iso,
            result.baseline()[peakLocal],
            ref,
            "/points/" + peakLocal + "/baseline");
    String direction = top.direction().label();
    boolean drop = "drop".equalsIgnoreCase(direction);
    String title = Metrics.title(metric);
    f.statement(
        "{label:"
            + title
            + "} shows an unusual "
            + (drop ? "drop" : "rise")
            + " in "
            + PeakWords.span(series, top.startAbsIndex(), top.endAbsIndex(), peakAbs)
            + ", with an anomaly score of {fig:score}.");
    PeakWords.peak(
        f,
        iso,
        title,
        MetricDisplay.unit(metric),
        MetricDisplay.format(metric),
        actual,
        baseline,
        result.baseline()[peakLocal],
        "Forecast baseline of " + MetricTraits.words(metric) + " for " + iso,
        "forecast baseline");
    if (scan.intervals().size() > 1) {
      f.statement("{fig:interval_count} unusual intervals were found in the window in all.");
    }
    f.nextStep(
        "Drill down into "
            + iso
            + " over candidate dimensions of this metric to find what explains the "
            + direction
            + ".");
  }

  private static TimeSeriesChart chart(
      MetricDefinition metric, TimeGrain grain, TrendScan trend, HistoryStatistics stats) {
    Series series = trend.series();
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
