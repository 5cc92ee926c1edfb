package io.assay.algorithms.adtributor;

import java.util.Map;
import java.util.Objects;

/**
 * Parameters of {@link Adtributor#analyse} (spec B1).
 *
 * @param derived ratio metric (numerators/denominators) instead of an absolute one
 * @param dimensionWeights weight per dimension, scaling its surprise; a missing dimension has 1.0
 * @param tep cumulative explanatory-power threshold a dimension's root cause must exceed
 * @param teep explanatory power an element must exceed to count
 * @param k maximum number of root-cause dimensions returned; must be at least 1 (spec B3 [BUG?])
 * @param issueType {@code "drop"}, {@code "rise"}, or any other text for "both directions"
 */
public record AdtributorParams(
    boolean derived,
    Map<String, Double> dimensionWeights,
    double tep,
    double teep,
    int k,
    String issueType) {

  public static final double DEFAULT_TEP = 0.7;
  public static final double DEFAULT_TEEP = 0.02;
  public static final String DROP = "drop";
  public static final String RISE = "rise";

  public AdtributorParams {
    dimensionWeights = dimensionWeights == null ? Map.of() : Map.copyOf(dimensionWeights);
    Objects.requireNonNull(issueType, "issueType");
    requireFinite("tep", tep);
    requireFinite("teep", teep);
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    dimensionWeights.forEach(
        (d, w) -> {
          if (w == null || !Double.isFinite(w)) {
            throw new IllegalArgumentException(
                "weight of dimension '" + d + "' must be a finite number, got " + w);
          }
        });
  }

  /** The reference defaults: tep 0.7, teep 0.02, k 1, drop, no weights. */
  public static AdtributorParams defaults(boolean derived) {
    return new AdtributorParams(derived, Map.of(), DEFAULT_TEP, DEFAULT_TEEP, 1, DROP);
  }

  public AdtributorParams withTep(double value) {
    return new AdtributorParams(derived, dimensionWeights, value, teep, k, issueType);
  }

  public AdtributorParams withTeep(double value) {
    return new AdtributorParams(derived, dimensionWeights, tep, value, k, issueType);
  }

  public AdtributorParams withK(int value) {
    return new AdtributorParams(derived, dimensionWeights, tep, teep, value, issueType);
  }

  public AdtributorParams withIssueType(String value) {
    return new AdtributorParams(derived, dimensionWeights, tep, teep, k, value);
  }

  public AdtributorParams withDimensionWeights(Map<String, Double> value) {
    return new AdtributorParams(derived, value, tep, teep, k, issueType);
  }

  double weight(String dimension) {
    return dimensionWeights.getOrDefault(dimension, 1.0);
  }

  private static void requireFinite(String name, double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(name + " must be a finite number, got " + v);
    }
  }
}
