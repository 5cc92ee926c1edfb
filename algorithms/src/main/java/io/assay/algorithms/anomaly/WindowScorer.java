package io.assay.algorithms.anomaly;

import java.util.ArrayList;
import java.util.List;

/**
 * The window score (spec A3 and A4): per-point deviation significance, direction weight and volume
 * factor, anchored on the last point, blended with the recency-weighted mean, dampened by the
 * history's anomaly frequency and boosted by a run of anomalous points at the end.
 */
public final class WindowScorer {
  /** Point severity above which a point counts towards the final run. */
  static final double RUN_THRESHOLD = 0.6;

  private WindowScorer() {}

  /**
   * Scores {@code actual[from..to)} against {@code predicted[from..to)}.
   *
   * @param sigmas per-point sigmas aligned with {@code from}, or null; a missing, null or
   *     non-finite element falls back to the history's noise scale
   */
  public static WindowScore score(
      double[] actual,
      double[] predicted,
      int from,
      int to,
      Double[] sigmas,
      HistoryStatistics history,
      ScoringWeights weights) {
    int n = to - from;
    if (n <= 0) {
      throw new IllegalArgumentException("Empty values provided for evaluation");
    }
    long weightTotal = (long) n * (n + 1) / 2;
    List<PointScore> points = new ArrayList<>(n);
    double smoothed = 0;
    int run = 0;
    double anchor = 0;
    for (int i = 0; i < n; i++) {
      double a = actual[from + i];
      double p = predicted[from + i];
      Double given = sigmas != null && i < sigmas.length ? sigmas[i] : null;
      double s = given != null && Double.isFinite(given) ? given : history.noiseScale();
      double sEff = Math.max(Math.max(s, Math.abs(p) * 0.001), 1e-9);
      double z = (a - p) / sEff;
      double sig = significance(z);
      Direction direction = z < 0 ? Direction.DROP : Direction.RISE;
      double severity =
          Math.min(
              sig * (direction == Direction.DROP ? weights.dropWeight() : weights.riseWeight()), 1);
      double vol = volumeFactor(p, history.mean());
      double contribution = severity * vol;
      double w = (double) (i + 1) / weightTotal;
      smoothed += contribution * w;
      run = severity > RUN_THRESHOLD ? run + 1 : 0;
      anchor = contribution;
      points.add(new PointScore(a, p, z, sig, direction, vol, severity, contribution, w));
    }
    double s = clamp(weights.smoothing());
    double base = (1 - s) * anchor + s * smoothed;
    double boost = run > 1 ? Math.min((run - 1) * 0.1, 0.2) : 0.0;
    double score = clamp(base * history.dampener() + boost);
    return new WindowScore(
        score,
        n,
        history.noiseScale(),
        history.historicalAnomalyFrequency(),
        history.dampener(),
        base,
        anchor,
        smoothed,
        s,
        run,
        boost,
        points);
  }

  /**
   * The same score as {@link #score} without per-point sigmas and without building details: the hot
   * loop of a range scan.
   */
  public static double scoreOnly(
      double[] actual,
      double[] predicted,
      int from,
      int to,
      HistoryStatistics history,
      ScoringWeights weights) {
    int n = to - from;
    if (n <= 0) {
      throw new IllegalArgumentException("Empty values provided for evaluation");
    }
    long weightTotal = (long) n * (n + 1) / 2;
    double sigma = history.noiseScale();
    double smoothed = 0;
    int run = 0;
    double anchor = 0;
    for (int i = 0; i < n; i++) {
      double a = actual[from + i];
      double p = predicted[from + i];
      double sEff = Math.max(Math.max(sigma, Math.abs(p) * 0.001), 1e-9);
      double z = (a - p) / sEff;
      double severity =
          Math.min(significance(z) * (z < 0 ? weights.dropWeight() : weights.riseWeight()), 1);
      double contribution = severity * volumeFactor(p, history.mean());
      smoothed += contribution * ((double) (i + 1) / weightTotal);
      run = severity > RUN_THRESHOLD ? run + 1 : 0;
      anchor = contribution;
    }
    double s = clamp(weights.smoothing());
    double base = (1 - s) * anchor + s * smoothed;
    double boost = run > 1 ? Math.min((run - 1) * 0.1, 0.2) : 0.0;
    return clamp(base * history.dampener() + boost);
  }

  /** Linear ramp to 0.5 at |z| = 3, then to 1.0 at |z| = 6, saturating. */
  static double significance(double z) {
    double absZ = Math.abs(z);
    return absZ <= 3 ? 0.5 * (absZ / 3.0) : 0.5 + 0.5 * Math.min((absZ - 3.0) / 3.0, 1.0);
  }

  /** 0.6 + 0.4 min(max(p, 0) / mean, 1), or 1 when the history mean is not positive. */
  static double volumeFactor(double predicted, double historyMean) {
    if (historyMean <= 0) {
      return 1.0;
    }
    return 0.6 + 0.4 * Math.min(Math.max(predicted, 0.0) / historyMean, 1.0);
  }

  private static double clamp(double x) {
    return Math.max(0.0, Math.min(1.0, x));
  }
}
