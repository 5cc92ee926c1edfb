package io.assay.analyses.trend;

import io.assay.algorithms.anomaly.robust.RobustScan;
import io.assay.algorithms.anomaly.robust.ScoredInterval;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.EnglishList;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * Words, figures, the chart and the table of scanned periods of a robust trend scan. The stored
 * {@code anomaly_scan} computation is also what a dependent drill-down reads to explain the located
 * interval ({@link LocatedInterval}).
 */
final class RobustTrendDescription {
  // A one-period spike is scored against a line through its neighbours on both sides when the
  // periods after it are known (RobustDetector's retrospective look): the reader is told so, or a
  // spike's baseline would look like a forecast it never was.
  static final String SCALE =
      "the score is the deviation from a one-step-ahead baseline in typical one-step errors of"
          + " that baseline on the history; a one-period spike's score is measured against its"
          + " neighbours on both sides (a line through the 6 periods before and 2 after it, in"
          + " that line's typical errors)";
  private static final int CHART_HISTORY = 24;

  private RobustTrendDescription() {}

  static Finding describe(
      Finding.Builder f,
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range window,
      RobustTrendScan trend,
      double threshold) {
    Series series = trend.series();
    RobustScan scan = trend.scan();
    ArtifactRef ref =
        q.computation("anomaly_scan", trend.content(metric, grain, window, threshold));
    f.keyPath(
        grain.adjective()
            + " series "
            + series.iso(0)
            + ".."
            + series.iso(series.size() - 1)
            + " → one-step baseline ("
            + scan.model().label()
            + ", chosen by backtest on the history) → scores in typical errors → "
            + scan.intervals().size()
            + " interval(s) at "
            + threshold
            + " or more");
    String title = Metrics.title(metric);
    DisplayFormat vf = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    valueRange(f, trend, ref, title, unit, vf);
    f.figure(
        Figures.of(
            "interval_count",
            "Unusual intervals found in " + window.describe(),
            "",
            DisplayFormat.number(0),
            Derivation.value("interval count", scan.intervals().size(), ref, "/interval_count")));
    f.figure(
        Figures.of(
            "threshold",
            "Score from which a period is unusual",
            "",
            DisplayFormat.number(1),
            Derivation.value("threshold", threshold, ref, "/threshold")));
    expected(f, trend, grain);
    ScoredInterval top = scan.top();
    if (top == null) {
      f.figure(
          Figures.of(
              "max_score",
              "Highest score in " + window.describe() + " (" + SCALE + ")",
              "",
              DisplayFormat.number(1),
              Derivation.value("max score", scan.maxScore(), ref, "/max_score")));
      // A score at or above the threshold is not flagged when it did not begin abruptly, the
      // follower over the recent values did not confirm it, or it is a return to an earlier
      // level: saying "below the threshold" then would contradict the figures shown.
      String highest =
          scan.maxScore() < threshold
              ? " departed from its baseline; the highest score was {fig:max_score}, below the"
                  + " {fig:threshold} from which a period counts as unusual."
              : " was flagged; the highest score was {fig:max_score}, at or above the"
                  + " {fig:threshold}, but no"
                  + " period began abruptly and stood out against a baseline that follows changes"
                  + " of pace as well: a gradual change, or a return to an earlier level, is not"
                  + " an incident.";
      f.statement(
          "Nothing unusual: no "
              + Periods.word(grain)
              + " of {label:"
              + MetricTraits.words(metric)
              + "} in "
              + PeakWords.window(window)
              + highest);
      f.nextStep("Scan a different window, or a finer grain, if a specific change is suspected.");
    } else {
      located(f, trend, ref, title, unit, vf, grain);
    }
    f.chart(q.chart(chart(metric, grain, trend)));
    f.chart(q.chart(table(metric, trend)));
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  /** Says which periods were left out as expected, and which given ones were not in the data. */
  private static void expected(Finding.Builder f, RobustTrendScan trend, TimeGrain grain) {
    List<String> in =
        trend.expected().stream().map(d -> "{date:" + Periods.iso(grain, d) + "}").toList();
    if (!in.isEmpty()) {
      f.statement(
          EnglishList.of(in)
              + (in.size() == 1 ? " was" : " were")
              + " left out as expected: never flagged, and kept out of every baseline, so"
              + (in.size() == 1 ? " it teaches" : " they teach")
              + " later periods nothing.");
    }
    List<String> out =
        trend.expectedOutside().stream().map(d -> "{date:" + Periods.iso(grain, d) + "}").toList();
    if (!out.isEmpty()) {
      f.statement(
          "The expected "
              + (out.size() == 1 ? "period " : "periods ")
              + EnglishList.of(out)
              + (out.size() == 1 ? " lies" : " lie")
              + " outside the periods read and had no effect.");
    }
  }

  private static void valueRange(
      Finding.Builder f,
      RobustTrendScan trend,
      ArtifactRef ref,
      String title,
      String unit,
      DisplayFormat vf) {
    Series series = trend.series();
    List<Derivation> scanned = new ArrayList<>();
    for (int i = trend.scanStart(); i < series.size(); i++) {
      scanned.add(series.valueDerivation(i, ref, "/series/" + i + "/value"));
    }
    f.figure(
        Figures.of(
            "min_value",
            "Lowest " + title + " in the scanned periods",
            unit,
            vf,
            Figures.combine(Operation.MIN, scanned)));
    f.figure(
        Figures.of(
            "max_value",
            "Highest " + title + " in the scanned periods",
            unit,
            vf,
            Figures.combine(Operation.MAX, scanned)));
    f.statement(
        "Over the scanned periods {label:"
            + title
            + "} ranged from {fig:min_value} to {fig:max_value}.");
  }

  private static void located(
      Finding.Builder f,
      RobustTrendScan trend,
      ArtifactRef ref,
      String title,
      String unit,
      DisplayFormat vf,
      TimeGrain grain) {
    Series series = trend.series();
    RobustScan scan = trend.scan();
    ScoredInterval top = scan.top();
    List<Derivation> peaks = new ArrayList<>();
    for (int k = 0; k < scan.intervals().size(); k++) {
      peaks.add(
          Derivation.value(
              "score of interval " + (k + 1),
              scan.intervals().get(k).score(),
              ref,
              "/intervals/" + k + "/score"));
    }
    f.figure(
        Figures.of(
            "score",
            "Anomaly score of the most unusual period (" + SCALE + ")",
            "",
            DisplayFormat.number(1),
            Figures.combine(Operation.MAX, peaks)));
    int p = top.peak();
    Derivation actual = series.valueDerivation(p, ref, "/series/" + p + "/value");
    Derivation baseline =
        Derivation.value(
            "baseline " + series.iso(p), scan.baseline()[p], ref, "/series/" + p + "/baseline");
    f.statement(
        "{label:"
            + title
            + "} shows an unusual "
            + top.direction()
            + " in "
            + PeakWords.span(series, top.start(), top.end(), p)
            + ", with an anomaly score of {fig:score}: the deviation is that many times the"
            + " typical one-step error of the baseline, and {fig:threshold} counts as unusual.");
    PeakWords.peak(
        f,
        series.iso(p),
        title,
        unit,
        vf,
        actual,
        baseline,
        scan.baseline()[p],
        "Baseline for " + series.iso(p),
        "baseline");
    if (scan.intervals().size() > 1) {
      f.statement(
          "{fig:interval_count} unusual intervals were found in all; they are ranked by score in"
              + " the table.");
    }
    f.nextStep(
        "Drill down into "
            + series.iso(p)
            + ", the interval this scan located, to find what explains the "
            + top.direction()
            + ".");
  }

  private static TimeSeriesChart chart(
      MetricDefinition metric, TimeGrain grain, RobustTrendScan trend) {
    Series series = trend.series();
    RobustScan scan = trend.scan();
    List<TimeSeriesChart.Point> points = new ArrayList<>();
    for (int i = Math.max(0, trend.scanStart() - CHART_HISTORY); i < series.size(); i++) {
      if (i >= trend.scanStart()) {
        double b = scan.baseline()[i];
        double half = 2 * scan.typicalError(i);
        points.add(
            new TimeSeriesChart.Point(series.iso(i), series.values()[i], b, b - half, b + half));
      } else {
        points.add(new TimeSeriesChart.Point(series.iso(i), series.values()[i], null, null, null));
      }
    }
    List<TimeSeriesChart.AnomalyInterval> intervals = new ArrayList<>();
    for (ScoredInterval i : scan.intervals()) {
      intervals.add(
          new TimeSeriesChart.AnomalyInterval(
              series.iso(i.start()),
              series.iso(i.end()),
              i.drop() ? TimeSeriesChart.Direction.DROP : TimeSeriesChart.Direction.RISE,
              i.score()));
    }
    return new TimeSeriesChart(
        "series",
        Metrics.title(metric) + " by " + Periods.word(grain) + " with its baseline",
        MetricDisplay.unit(metric),
        MetricDisplay.format(metric),
        points,
        intervals,
        null);
  }

  private static TableData table(MetricDefinition metric, RobustTrendScan trend) {
    Series series = trend.series();
    RobustScan scan = trend.scan();
    List<TableData.Row> rows = new ArrayList<>();
    int from = Math.max(trend.scanStart(), series.size() - TableData.MAX_ROWS);
    for (int i = from; i < series.size(); i++) {
      double v = series.values()[i];
      double b = scan.baseline()[i];
      rows.add(
          new TableData.Row(
              List.of(series.iso(i)),
              java.util.Arrays.asList(
                  v,
                  b,
                  b != 0 ? (v - b) / Math.abs(b) : null,
                  // An expected period is not judged: no score.
                  scan.expected()[i] ? null : scan.score()[i])));
    }
    String unit = MetricDisplay.unit(metric);
    DisplayFormat vf = MetricDisplay.format(metric);
    return new TableData(
        "scanned_periods",
        "Scanned periods: value, baseline, deviation and score",
        List.of("period"),
        List.of(
            new TableData.ValueColumn("value", unit, vf),
            new TableData.ValueColumn("baseline", unit, vf),
            new TableData.ValueColumn("deviation", "", DisplayFormat.percent(1)),
            new TableData.ValueColumn("score", "", DisplayFormat.number(1))),
        rows,
        null);
  }
}
