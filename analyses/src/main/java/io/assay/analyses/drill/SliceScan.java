package io.assay.analyses.drill;

import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.RobustScan;
import io.assay.algorithms.anomaly.robust.ScoredInterval;
import io.assay.analyses.Rows;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Cells;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Detection on slices, for when the total shows nothing: a change that is large for one element of
 * a candidate dimension can be small against the noise of the total. Each element's series (one
 * grouped query per dimension) is scanned by the same detector; as many slices are tested at once,
 * a slice must pass a stricter score ({@link #EXTRA} above the total's threshold) and its change
 * must matter to the total (at least {@link #MIN_TOTAL_SCORE} typical errors of the total).
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
      int tested) {}

  private SliceScan() {}

  /**
   * @param totalError typical one-step error of the total's baseline per bucket of {@code all} (NaN
   *     where unknown)
   * @param expected first days of periods known to be out of the ordinary: judged in no slice
   * @return the best slice passing both bars, or null
   */
  static Hit find(
      StepQueries q,
      String metric,
      TimeGrain grain,
      Periods.Range all,
      LocalDate windowFrom,
      List<Filter> filters,
      List<String> dimensions,
      double enter,
      double[] totalError,
      java.util.Set<LocalDate> expected) {
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
            .withEnter(enter + EXTRA);
    Hit best = null;
    int tested = 0;
    for (String dim : dimensions) {
      Map<String, double[]> byElement = new LinkedHashMap<>();
      Map<String, Object> raw = new HashMap<>();
      load(q, metric, grain, all, filters, dim, buckets, byElement, raw);
      for (Map.Entry<String, double[]> e : byElement.entrySet()) {
        tested++;
        RobustScan s = RobustDetector.scan(e.getValue(), scanStart, params, known);
        ScoredInterval top = s.top();
        if (top == null) {
          continue;
        }
        double change = s.score()[top.peak()] * s.typicalError(top.peak());
        double unit = top.peak() < totalError.length ? totalError[top.peak()] : Double.NaN;
        double totalScore = unit > 0 ? Math.abs(change) / unit : 0;
        if (totalScore < MIN_TOTAL_SCORE) {
          continue;
        }
        if (best == null || totalScore * top.score() > best.totalScore() * best.score()) {
          best =
              new Hit(
                  dim,
                  e.getKey(),
                  raw.get(e.getKey()),
                  buckets.get(top.start()),
                  Periods.end(grain, buckets.get(top.end())),
                  top.score(),
                  totalScore,
                  0);
        }
      }
    }
    return best == null
        ? null
        : new Hit(
            best.dimension(),
            best.element(),
            best.raw(),
            best.from(),
            best.to(),
            best.score(),
            best.totalScore(),
            tested);
  }

  private static void load(
      StepQueries q,
      String metric,
      TimeGrain grain,
      Periods.Range all,
      List<Filter> filters,
      String dim,
      List<LocalDate> buckets,
      Map<String, double[]> byElement,
      Map<String, Object> raw) {
    Pick pick =
        Pick.builder()
            .measure(new Measure.Metric(metric, List.of(), Series.VALUE))
            .grain(grain)
            .groupBy(dim)
            .time(all.asFilter())
            .filter(filters.toArray(Filter[]::new))
            .orderBy(new Order.ByPeriod(Direction.ASC))
            .build();
    Rows rows = q.query("slices by " + dim, pick).rows();
    int period = rows.column(Series.PERIOD);
    int value = rows.column(Series.VALUE);
    int label = -1;
    for (int c = 0; c < rows.columns().size(); c++) {
      if (c != period && c != value) {
        label = c;
      }
    }
    if (period < 0 || value < 0 || label < 0) {
      throw new IllegalStateException("slice query returned columns " + rows.columns());
    }
    Map<LocalDate, Integer> index = new HashMap<>();
    for (int i = 0; i < buckets.size(); i++) {
      index.put(buckets.get(i), i);
    }
    for (List<Object> r : rows.rows()) {
      LocalDate d = Cells.date(r.get(period));
      Double v = Cells.number(r.get(value));
      Integer i = d == null ? null : index.get(Periods.start(grain, d));
      if (i == null || v == null) {
        continue;
      }
      String k = Cells.label(r.get(label));
      raw.putIfAbsent(k, r.get(label));
      byElement.computeIfAbsent(k, x -> new double[buckets.size()])[i] += v;
    }
    byElement.values().removeIf(SliceScan::tooSparse);
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
