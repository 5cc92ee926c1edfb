package io.assay.algorithms.anomaly.robust;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of {@link RobustDetector#scan}. The score of a period is its deviation from a
 * one-step-ahead baseline divided by the typical one-step error of that baseline on the history
 * ({@code sigma}: 1.4826 × the median absolute backtest error, which is the standard deviation for
 * normal noise). It does not saturate: 2 is common, 4 happens about once in 16,000 periods of
 * normal noise, 10 is far outside anything the history showed.
 *
 * @param baseline per period; NaN before {@code scanStart}
 * @param score signed score per period; NaN before {@code scanStart}
 * @param intervals unusual runs in the scanned periods, highest score first
 * @param backtest typical one-step error of each candidate model on the history
 */
public record RobustScan(
    BaselineModel model,
    int season,
    int scanStart,
    double sigma,
    double[] baseline,
    double[] score,
    List<ScoredInterval> intervals,
    Map<BaselineModel, Double> backtest) {

  public RobustScan {
    intervals = List.copyOf(intervals);
    backtest = Collections.unmodifiableMap(new LinkedHashMap<>(backtest));
  }

  /** The highest-scored interval, or null when nothing was unusual. */
  public ScoredInterval top() {
    return intervals.isEmpty() ? null : intervals.get(0);
  }

  /** The largest |score| in the scanned periods (0 when none). */
  public double maxScore() {
    double m = 0;
    for (int i = scanStart; i < score.length; i++) {
      m = Math.max(m, Math.abs(score[i]));
    }
    return m;
  }
}
