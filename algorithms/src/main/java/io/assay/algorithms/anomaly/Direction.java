package io.assay.algorithms.anomaly;

/** Direction of a deviation: below the forecast, above it, or not scored (no prediction). */
public enum Direction {
  DROP("drop"),
  RISE("rise"),
  NONE("none");

  private final String label;

  Direction(String label) {
    this.label = label;
  }

  /** The lower-case label used in details and reports. */
  public String label() {
    return label;
  }
}
