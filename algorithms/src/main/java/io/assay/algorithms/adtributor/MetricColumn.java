package io.assay.algorithms.adtributor;

/** The metric columns a dimension table can carry (spec B1), with the reference's names. */
public enum MetricColumn {
  PREDICT("predict"),
  REAL("real"),
  PREDICT_NUMERATOR("predict_numerator"),
  PREDICT_DENOMINATOR("predict_denominator"),
  REAL_NUMERATOR("real_numerator"),
  REAL_DENOMINATOR("real_denominator"),
  PROPORTION("proportion"),
  BASE_PROPORTION("base_proportion");

  private final String wireName;

  MetricColumn(String wireName) {
    this.wireName = wireName;
  }

  /** The column name used by the reference and by the melted-table JSON. */
  public String wireName() {
    return wireName;
  }

  /** Whether the value is a volume (count, amount), which must not be negative. */
  boolean isVolume() {
    return this != PROPORTION && this != BASE_PROPORTION;
  }
}
