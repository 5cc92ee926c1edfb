package io.assay.analyses.trend;

import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.RobustScan;
import io.assay.algorithms.anomaly.robust.ScoredInterval;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A metric's series over a window and the history before it, scanned by {@link RobustDetector}: the
 * default detection of {@code trend_anomaly}, also used by {@code drill_down} on slices.
 *
 * @param scanStart index in {@code series} of the first bucket of the window
 * @param scan null when the window could not be scanned ({@link #problem()} says why)
 * @param expected periods given as expected (first days) that are in the series: never flagged,
 *     kept out of every baseline
 * @param expectedOutside periods given as expected that the series does not hold (no effect)
 */
public record RobustTrendScan(
    Series series,
    int scanStart,
    RobustScan scan,
    List<LocalDate> expected,
    List<LocalDate> expectedOutside) {

  public RobustTrendScan {
    expected = List.copyOf(expected);
    expectedOutside = List.copyOf(expectedOutside);
  }

  /** Fewest history buckets before the window. */
  public static final int MIN_HISTORY = 6;

  /** The cycle length of a grain's seasonality, 0 for none. */
  public static int season(TimeGrain grain) {
    return switch (grain) {
      case DAY -> 7;
      case MONTH -> 12;
      case QUARTER -> 4;
      case WEEK, YEAR -> 0;
    };
  }

  public static RobustTrendScan run(
      StepQueries q,
      String name,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range window,
      Periods.Range history,
      List<Filter> filters,
      RobustParams params) {
    return run(q, name, metric, grain, window, history, filters, params, List.of());
  }

  /** As above, with periods known to be out of the ordinary (their first days). */
  public static RobustTrendScan run(
      StepQueries q,
      String name,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range window,
      Periods.Range history,
      List<Filter> filters,
      RobustParams params,
      List<LocalDate> expected) {
    Periods.Range all =
        new Periods.Range(history == null ? window.from() : history.from(), window.to());
    Series series = Series.load(q, name, metric, grain, all, filters);
    return of(series, window.from(), params, expected);
  }

  /** Scans an already loaded series from the bucket starting at {@code windowFrom}. */
  public static RobustTrendScan of(Series series, LocalDate windowFrom, RobustParams params) {
    return of(series, windowFrom, params, List.of());
  }

  /** As above, with periods known to be out of the ordinary (their first days). */
  public static RobustTrendScan of(
      Series series, LocalDate windowFrom, RobustParams params, List<LocalDate> expected) {
    int scanStart = 0;
    while (scanStart < series.size()
        && series.points().get(scanStart).start().isBefore(windowFrom)) {
      scanStart++;
    }
    boolean[] flags = new boolean[series.size()];
    List<LocalDate> in = new ArrayList<>();
    List<LocalDate> outside = new ArrayList<>();
    for (LocalDate d : new java.util.TreeSet<>(expected)) {
      int i = series.indexOf(d);
      if (i >= 0) {
        flags[i] = true;
        in.add(d);
      } else {
        outside.add(d);
      }
    }
    if (scanStart < MIN_HISTORY || scanStart >= series.size()) {
      return new RobustTrendScan(series, scanStart, null, in, outside);
    }
    return new RobustTrendScan(
        series,
        scanStart,
        RobustDetector.scan(series.values(), scanStart, params, flags),
        in,
        outside);
  }

  public String problem() {
    if (scan != null) {
      return null;
    }
    if (scanStart >= series.size()) {
      return "the window holds no data";
    }
    return "only "
        + scanStart
        + " buckets of history before the window; at least "
        + MIN_HISTORY
        + " are needed for a baseline";
  }

  /** First day of an interval. */
  public LocalDate from(ScoredInterval i) {
    return series.points().get(i.start()).start();
  }

  /** Last day of an interval. */
  public LocalDate to(ScoredInterval i) {
    return Periods.end(series.grain(), series.points().get(i.end()).start());
  }

  /** Sum of the baselines over an interval: what was expected in it. */
  public double expected(ScoredInterval i) {
    double s = 0;
    for (int t = i.start(); t <= i.end(); t++) {
      s += scan.baseline()[t];
    }
    return s;
  }

  public double actual(ScoredInterval i) {
    double s = 0;
    for (int t = i.start(); t <= i.end(); t++) {
      s += series.values()[t];
    }
    return s;
  }

  /** What the {@code anomaly_scan} computation stores; a dependent drill-down reads it back. */
  public Map<String, Object> content(
      MetricDefinition metric, TimeGrain grain, Periods.Range window, double threshold) {
    RobustTrendScan trend = this;
    Series series = trend.series();
    RobustScan scan = trend.scan();
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("kind", "anomaly_scan");
    c.put("detector", "robust");
    c.put("metric", metric.name());
    c.put("grain", Periods.word(grain));
    c.put("window_from", window.from().toString());
    c.put("window_to", window.to().toString());
    c.put("model", scan.model().label());
    c.put("season", scan.season());
    c.put("typical_error", scan.sigma());
    c.put("error_power", scan.power());
    c.put("score_scale", RobustTrendDescription.SCALE);
    c.put("threshold", threshold);
    c.put("expected_periods", expected.stream().map(LocalDate::toString).toList());
    c.put("expected_outside", expectedOutside.stream().map(LocalDate::toString).toList());
    Map<String, Object> backtest = new LinkedHashMap<>();
    scan.backtest().forEach((m, e) -> backtest.put(m.label(), e));
    c.put("backtest_typical_error", backtest);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("period", series.iso(i));
      r.put("from", series.points().get(i).start().toString());
      r.put("value", series.values()[i]);
      boolean scanned = i >= trend.scanStart();
      r.put("baseline", scanned ? scan.baseline()[i] : null);
      r.put("deviation", scanned ? series.values()[i] - scan.baseline()[i] : null);
      r.put("score", scanned ? scan.score()[i] : null);
      r.put("typical_error", scanned ? scan.typicalError(i) : null);
      r.put("expected", scan.expected()[i]);
      rows.add(r);
    }
    c.put("series", rows);
    List<Map<String, Object>> intervals = new ArrayList<>();
    for (ScoredInterval i : scan.intervals()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("start", series.iso(i.start()));
      m.put("end", series.iso(i.end()));
      m.put("from", trend.from(i).toString());
      m.put("to", trend.to(i).toString());
      m.put("peak_period", series.iso(i.peak()));
      m.put("score", i.score());
      m.put("direction", i.direction());
      m.put("actual", trend.actual(i));
      m.put("expected", trend.expected(i));
      intervals.add(m);
    }
    c.put("intervals", intervals);
    c.put("interval_count", intervals.size());
    c.put("max_score", scan.maxScore());
    // The total's ordinary period-to-period wobble: what a slice's change is material against.
    c.put(
        "robust_noise",
        io.assay.algorithms.anomaly.robust.RobustNoise.of(series.values(), scan.expected()));
    return c;
  }
}
