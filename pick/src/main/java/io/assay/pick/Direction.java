package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Sort direction. Nulls always sort last: a missing value is neither the highest nor the lowest.
 */
public enum Direction {
  @JsonProperty("asc")
  ASC,
  @JsonProperty("desc")
  DESC
}
