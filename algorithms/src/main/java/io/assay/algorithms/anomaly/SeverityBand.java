package io.assay.algorithms.anomaly;

/** Severity bands of a score (spec A8); comparisons are strict, so 0.8 itself is High. */
public enum SeverityBand {
  LOW("Low"),
  MEDIUM("Medium"),
  HIGH("High"),
  CRITICAL("Critical");

  private final String label;

  SeverityBand(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** The band of a score. */
  public static SeverityBand of(double score) {
    if (score > 0.8) {
      return CRITICAL;
    }
    if (score > 0.6) {
      return HIGH;
    }
    if (score > 0.4) {
      return MEDIUM;
    }
    return LOW;
  }
}
