package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How the {@code period} column of a Pick with a grain is written. Rows are always grouped by the
 * calendar bucket; only the label differs.
 */
public enum PeriodLabel {
  /** The first day of the bucket (the default): 1997-03-01 for March 1997. */
  @JsonProperty("date")
  DATE,
  /**
   * The bucket's number within its year, or the year for a yearly grain: month 1–12, quarter 1–4,
   * ISO week 1–53, day of the month 1–31, year 1997. Meant for a window inside one year ("month by
   * month in 1997"); across years two buckets can share a number.
   */
  @JsonProperty("number")
  NUMBER
}
