package io.assay.algorithms.rca;

/**
 * Tuning of {@link RootCauseSearch}.
 *
 * @param threshold how many noise standard deviations an element must stand out by: its gain must
 *     exceed {@code threshold^2}
 * @param clip a leaf's standardised misfit is capped at {@code clip} (so one wild leaf cannot
 *     dominate)
 * @param maxElements upper bound on the size of a root-cause set
 * @param maxLayer largest number of attributes an element may fix (0 = all)
 * @param beamWidth number of partial sets kept while searching; 1 is greedy
 */
public record SearchParams(
    double threshold, double clip, int maxElements, int maxLayer, int beamWidth) {

  public SearchParams {
    if (!(threshold > 0) || !Double.isFinite(threshold)) {
      throw new IllegalArgumentException("threshold must be a positive number, got " + threshold);
    }
    if (!(clip >= threshold) || !Double.isFinite(clip)) {
      throw new IllegalArgumentException("clip must be finite and >= threshold, got " + clip);
    }
    if (maxElements < 1) {
      throw new IllegalArgumentException("maxElements must be at least 1, got " + maxElements);
    }
    if (maxLayer < 0) {
      throw new IllegalArgumentException("maxLayer must be >= 0 (0 = all), got " + maxLayer);
    }
    if (beamWidth < 1) {
      throw new IllegalArgumentException("beamWidth must be at least 1, got " + beamWidth);
    }
  }

  public static SearchParams defaults() {
    return new SearchParams(5.0, 10.0, 10, 0, 1);
  }
}
