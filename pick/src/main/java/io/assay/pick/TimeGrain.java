package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Calendar bucket for a time series. A Pick with a grain gets a {@code period} output column
 * holding the first day of each bucket (weeks start on Monday).
 */
public enum TimeGrain {
  @JsonProperty("day")
  DAY,
  @JsonProperty("week")
  WEEK,
  @JsonProperty("month")
  MONTH,
  @JsonProperty("quarter")
  QUARTER,
  @JsonProperty("year")
  YEAR;

  /** The grain as an adjective of a series or a period: "daily", "weekly", "monthly", … */
  public String adjective() {
    return this == DAY ? "daily" : name().toLowerCase(java.util.Locale.ROOT) + "ly";
  }
}
