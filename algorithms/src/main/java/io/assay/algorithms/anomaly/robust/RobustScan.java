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
 * @param power how the typical error grows with the level: a period's typical error is {@code sigma
 *     × |baseline|^power} (0: constant, 1/2: like counts, 1: proportional)
 * @param baseline per period; NaN before {@code scanStart}
 * @param score signed score per period; NaN before {@code scanStart}
 * @param intervals unusual runs in the scanned periods, highest score first
 * @param backtest typical one-step error of each candidate model on the history
 * @param expected per period: known in advance to be out of the ordinary, so never flagged and left
 *     out of every baseline fit (its score is what it would have been)
 * @param counts the values count events: a typical error is at least the square root of the
 *     baseline
 * @param spikeError per period: the typical error of the two-sided line a one-period spike was
 *     scored against once the periods after it were known, NaN for periods scored one step ahead
 */
public record RobustScan(
    BaselineModel model,
    int season,
    double power,
    int scanStart,
    double sigma,
    double[] baseline,
    double[] score,
    List<ScoredInterval> intervals,
    Map<BaselineModel, Double> backtest,
    boolean[] expected,
    boolean counts,
    double[] spikeError) {

  public RobustScan {
    intervals = List.copyOf(intervals);
    if (expected == null) {
      expected = new boolean[score.length];
    }
    backtest = Collections.unmodifiableMap(new LinkedHashMap<>(backtest));
    if (spikeError == null) {
      spikeError = new double[score.length];
      java.util.Arrays.fill(spikeError, Double.NaN);
    }
  }

  /**
   * The typical error at scanned period {@code t}, in the series' units: of its one-step baseline,
   * or of the two-sided line when it was scored as a spike against both sides.
   */
  public double typicalError(int t) {
    return Double.isFinite(spikeError[t])
        ? spikeError[t]
        : RobustDetector.error(baseline[t], sigma, power, counts);
  }

  /** The highest-scored interval, or null when nothing was unusual. */
  public ScoredInterval top() {
    return intervals.isEmpty() ? null : intervals.get(0);
  }

  /** The largest |score| in the scanned periods that were not expected (0 when none). */
  public double maxScore() {
    double m = 0;
    for (int i = scanStart; i < score.length; i++) {
      m = expected[i] ? m : Math.max(m, Math.abs(score[i]));
    }
    return m;
  }
}
