package io.assay.algorithms.summary;

/** What a column means for summarising; decides how representative rows are chosen. */
public enum ColumnRole {
  /** A measure: its minimum and maximum rows are always kept. */
  METRIC,
  /** An ordinary dimension: its rare categories are sampled first. */
  DIMENSION,
  /** A key (account id, transaction id): never used for strata. */
  IDENTIFIER,
  /** A time column: profiled, not stratified. */
  TIME;

  /** The role a column of this type has when the caller does not say. */
  public static ColumnRole defaultFor(ColumnType type) {
    return switch (type) {
      case NUMBER -> METRIC;
      case TEXT, BOOLEAN -> DIMENSION;
      case TEMPORAL -> TIME;
    };
  }
}
