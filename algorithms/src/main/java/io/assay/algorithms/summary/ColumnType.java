package io.assay.algorithms.summary;

/** Storage type of a result column. */
public enum ColumnType {
  /** Integers and decimals, stored as double; NaN and null are missing. */
  NUMBER,
  /** Free text or category labels, dictionary-encoded. */
  TEXT,
  /** true/false, stored like a two-category text column. */
  BOOLEAN,
  /** Dates and timestamps as ISO-8601 text, which sorts chronologically. */
  TEMPORAL
}
