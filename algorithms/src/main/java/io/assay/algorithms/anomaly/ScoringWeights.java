package io.assay.algorithms.anomaly;

/**
 * Direction weights and smoothing of a window score (spec A3, A4). Smoothing is clamped to [0, 1]
 * when used; weights are not clamped here (the tool layer limits them to [0, 3]).
 */
public record ScoringWeights(double dropWeight, double riseWeight, double smoothing) {
  public static final ScoringWeights DEFAULT = new ScoringWeights(1.0, 1.0, 0.5);

  public ScoringWeights {
    if (!Double.isFinite(dropWeight)
        || !Double.isFinite(riseWeight)
        || !Double.isFinite(smoothing)) {
      throw new IllegalArgumentException(
          "drop_weight, rise_weight and smoothing must be finite numbers");
    }
  }
}
