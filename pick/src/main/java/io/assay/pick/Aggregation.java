package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How rows are folded into one number. */
public enum Aggregation {
  @JsonProperty("sum")
  SUM,
  @JsonProperty("avg")
  AVG,
  @JsonProperty("min")
  MIN,
  @JsonProperty("max")
  MAX,
  /** Number of rows where the column is not null. */
  @JsonProperty("count")
  COUNT,
  /** Number of distinct non-null values of the column. */
  @JsonProperty("count_distinct")
  COUNT_DISTINCT
}
