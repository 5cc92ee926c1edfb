package io.assay.analyses;

/**
 * The kinds of analysis arguments. The allowed values of METRIC, COLUMN, COLUMN_LIST and TIME_GRAIN
 * come from recon and the Pick language, so an LLM planner's structured-output enums can be built
 * from them ({@link ArgCatalog}).
 */
public enum ArgType {
  /** A metric name from recon's metrics.yaml, e.g. {@code cash_withdrawal_amount}. */
  METRIC,
  /** A list of metric names. */
  METRIC_LIST,
  /** A warehouse column {@code table.column}, e.g. {@code district.a2}. */
  COLUMN,
  /** A list of columns, e.g. the candidate dimensions of a drill-down. */
  COLUMN_LIST,
  /** A time grain of the Pick language: day, week, month, quarter, year. */
  TIME_GRAIN,
  /** A Pick time filter in its JSON form, e.g. {@code {"kind":"year","year":1997}}. */
  TIME_FILTER,
  /** A list of Pick filters in their JSON form. */
  FILTERS,
  /**
   * A list of periods named by their first day, {@code YYYY-MM-DD} (e.g. {@code 1997-06-01} for
   * June 1997). In a schema with a {@code grain} argument each must start a period of that grain.
   */
  PERIOD_LIST,
  INTEGER,
  NUMBER,
  STRING,
  BOOLEAN,
  /** A whole Pick in its JSON form. */
  PICK
}
