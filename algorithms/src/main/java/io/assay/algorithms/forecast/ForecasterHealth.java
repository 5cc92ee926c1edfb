package io.assay.algorithms.forecast;

/**
 * Result of a health probe (spec A10): whether the forecaster can serve, and the minimum input
 * length it wants ({@code null} when it states none).
 */
public record ForecasterHealth(boolean healthy, Integer minInputLength) {
  public static final ForecasterHealth DOWN = new ForecasterHealth(false, null);
}
