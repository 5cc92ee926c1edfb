package io.assay.analyses.drill;

import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.RobustScan;
import io.assay.algorithms.anomaly.robust.ScoredInterval;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * Detection on slices, for when the total shows nothing: a change that is large for one element of
 * a candidate dimension can be small against the noise of the total. Each element's series (one
 * grouped query per dimension) is scanned by the same detector; as many slices are tested at once,
 * a slice must pass a stricter score ({@link #EXTRA} above the total's threshold), and its change
 * must be material to the total: at least {@link #MIN_TOTAL_SCORE} times the total's ordinary
 * period-to-period noise ({@link io.assay.algorithms.anomaly.robust.RobustNoise}). A slice whose
 * history is not yet established (a branch that opened a few periods ago) is not judged.
 */
final class SliceScan {
  static final double EXTRA = 1.5;
  static final double MIN_TOTAL_SCORE = 1.5;

  /** The most unusual slice: its dimension and element, the interval and its scores. */
  record Hit(
      String dimension,
      String element,
      Object raw,
      LocalDate from,
      LocalDate to,
      double score,
      double totalScore,
      int tested,
      boolean passes,
      String direction) {
    /** In words, for the key path. */
    String describe() {
      return dimension
          + " = "
          + element
          + " in "
          + from
          + ".."
          + to
          + " (score "
          + String.format(java.util.Locale.ROOT, "%.1f", score)
          + ", "
          + String.format(java.util.Locale.ROOT, "%.1f", totalScore)
          + " times the total's ordinary noise)";
    }
  }

  private SliceScan() {}

  /**
   * @param counts the metric counts rows (see {@link RobustParams#counts()})
   * @param totalNoise the total's robust period-to-period noise
   * @param expected first days of periods known to be out of the ordinary: judged in no slice
   * @return the best slice passing both bars; else the nearest one, not passing; null when no slice
   *     had an interval at the total's threshold
   */
  static Hit find(
      StepQueries q,
      String metric,
      boolean counts,
      TimeGrain grain,
      Periods.Range all,
      LocalDate windowFrom,
      List<Filter> filters,
      List<String> dimensions,
      double enter,
      double totalNoise,
      java.util.Set<LocalDate> expected,
      SliceSeries.Cache cache) {
    List<LocalDate> buckets = Periods.buckets(grain, all.from(), all.to());
    boolean[] known = new boolean[buckets.size()];
    for (int i = 0; i < known.length; i++) {
      known[i] = expected.contains(buckets.get(i));
    }
    int scanStart = 0;
    while (scanStart < buckets.size() && buckets.get(scanStart).isBefore(windowFrom)) {
      scanStart++;
    }
    if (scanStart < 6 || scanStart >= buckets.size()) {
      return null;
    }
    RobustParams params =
        RobustParams.of(io.assay.analyses.trend.RobustTrendScan.season(grain))
            .withEnter(enter + EXTRA)
            .withCounts(counts);
    Hit best = null;
    Hit nearest = null;
    int tested = 0;
    for (String dim : dimensions) {
      SliceSeries series = cache.get(q, "slices by " + dim, metric, grain, all, filters, dim);
      Map<String, Object> raw = series.raw();
      for (Map.Entry<String, double[]> e : series.values().entrySet()) {
        if (tooSparse(e.getValue())) {
          continue;
        }
        if (scanStart - RobustDetector.established(e.getValue(), scanStart, known)
            < SliceSeries.MIN_HISTORY) {
          continue;
        }
        tested++;
        RobustScan s = RobustDetector.scan(e.getValue(), scanStart, params, known);
        ScoredInterval top = s.top();
        if (top == null) {
          Hit near = nearest(dim, e.getKey(), s, buckets, grain, totalNoise, scanStart);
          if (near != null
              && (nearest == null
                  || near.totalScore() * near.score() > nearest.totalScore() * nearest.score())) {
            nearest = near;
          }
          continue;
        }
        double change = s.score()[top.peak()] * s.typicalError(top.peak());
        double totalScore = totalNoise > 0 ? Math.abs(change) / totalNoise : 0;
        Hit hit =
            new Hit(
                dim,
                e.getKey(),
                raw.get(e.getKey()),
                buckets.get(top.start()),
                Periods.end(grain, buckets.get(top.end())),
                top.score(),
                totalScore,
                0,
                totalScore >= MIN_TOTAL_SCORE,
                top.direction());
        if (!hit.passes()) {
          if (nearest == null
              || hit.totalScore() * hit.score() > nearest.totalScore() * nearest.score()) {
            nearest = hit;
          }
          continue;
        }
        if (best == null || totalScore * top.score() > best.totalScore() * best.score()) {
          best = hit;
        }
      }
    }
    Hit out = best != null ? best : nearest;
    return out == null
        ? null
        : new Hit(
            out.dimension(),
            out.element(),
            out.raw(),
            out.from(),
            out.to(),
            out.score(),
            out.totalScore(),
            tested,
            out.passes(),
            out.direction());
  }

  /** A slice's most unusual scanned period when it formed no interval: for the key path only. */
  private static Hit nearest(
      String dim,
      String element,
      RobustScan s,
      List<LocalDate> buckets,
      TimeGrain grain,
      double totalNoise,
      int scanStart) {
    int peak = -1;
    for (int t = scanStart; t < s.score().length; t++) {
      if (!s.expected()[t] && (peak < 0 || Math.abs(s.score()[t]) > Math.abs(s.score()[peak]))) {
        peak = t;
      }
    }
    if (peak < 0 || !(totalNoise > 0)) {
      return null;
    }
    double change = s.score()[peak] * s.typicalError(peak);
    return new Hit(
        dim,
        element,
        null,
        buckets.get(peak),
        Periods.end(grain, buckets.get(peak)),
        Math.abs(s.score()[peak]),
        Math.abs(change) / totalNoise,
        0,
        false,
        s.score()[peak] < 0 ? "drop" : "rise");
  }

  /** Elements absent from most periods give no series to judge. */
  private static boolean tooSparse(double[] v) {
    int zero = 0;
    for (double x : v) {
      zero += x == 0 ? 1 : 0;
    }
    return zero * 2 > v.length;
  }
}
