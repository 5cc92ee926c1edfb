package io.assay.analyses.trend;

import io.assay.algorithms.anomaly.ScoringWeights;
import io.assay.algorithms.forecast.Forecaster;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.SeriesScan;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * A metric's series over a window plus the history before it, scanned for anomalies against a block
 * forecast baseline. Shared by {@code trend_anomaly} and by {@code drill_down}, which finds the
 * anomalous period the same way when it is not told which one.
 *
 * @param scanStart index in {@code series} of the first bucket of the window
 */
public record TrendScan(Series series, int scanStart, SeriesScan.Result result) {

  /** At least this many history buckets before the window; fewer cannot fit a forecast. */
  public static final int MIN_HISTORY = 6;

  /**
   * Loads and scans. Returns a scan whose outcome is Failed (with the reason) when there is too
   * little history, rather than throwing: that is a data condition, not bad args.
   */
  public static TrendScan run(
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range window,
      Periods.Range history,
      List<Filter> filters,
      Forecaster forecaster,
      ScoringWeights weights) {
    Periods.Range all =
        new Periods.Range(history == null ? window.from() : history.from(), window.to());
    Series series = Series.load(q, "series", metric, grain, all, filters);
    int scanStart = 0;
    while (scanStart < series.size()
        && series.points().get(scanStart).start().isBefore(window.from())) {
      scanStart++;
    }
    List<String> periods = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      periods.add(series.iso(i));
    }
    if (scanStart < MIN_HISTORY || scanStart >= series.size()) {
      return new TrendScan(series, scanStart, null);
    }
    SeriesScan.Result result =
        SeriesScan.run(
            series.values(), periods, scanStart, Periods.frequency(grain), forecaster, weights);
    return new TrendScan(series, scanStart, result);
  }

  /** Why the window could not be scanned, or null when it was. */
  public String problem() {
    if (result == null) {
      if (scanStart >= series.size()) {
        return "the window holds no data";
      }
      return "only "
          + scanStart
          + " buckets of history before the window; at least "
          + MIN_HISTORY
          + " are needed for a forecast baseline";
    }
    if (!result.scanned()) {
      return ((io.assay.algorithms.anomaly.RangeOutcome.Failed) result.outcome()).error();
    }
    return null;
  }
}
