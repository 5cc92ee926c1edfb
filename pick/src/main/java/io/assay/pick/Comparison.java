package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A binary comparison of a column with a value: = ≠ < ≤ > ≥. */
public enum Comparison {
  @JsonProperty("eq")
  EQ,
  @JsonProperty("ne")
  NE,
  @JsonProperty("lt")
  LT,
  @JsonProperty("le")
  LE,
  @JsonProperty("gt")
  GT,
  @JsonProperty("ge")
  GE
}
