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
 * @param alternatives number of ranked sets returned: the answer plus alternatives that start from
 *     the next-strongest elements (each costs one more search)
 */
public record SearchParams(
    double threshold, double clip, int maxElements, int maxLayer, int alternatives) {

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
    if (alternatives < 1) {
      throw new IllegalArgumentException("alternatives must be at least 1, got " + alternatives);
    }
  }

  /** A copy returning only the answer (no alternatives), for benchmarks. */
  public SearchParams answerOnly() {
    return new SearchParams(threshold, clip, maxElements, maxLayer, 1);
  }

  /** Defaults: 5.5 sigma, clip 10, at most 10 elements, every layer, 3 ranked sets. */
  public static SearchParams defaults() {
    return new SearchParams(5.5, 10.0, 10, 0, 3);
  }
}
