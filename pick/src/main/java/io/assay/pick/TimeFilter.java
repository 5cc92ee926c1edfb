package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.time.LocalDate;

/**
 * A period of the Pick's time column. JSON carries the variant in {@code "kind"}: range, year,
 * quarter, month, week, relative.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = TimeFilter.Range.class, name = "range"),
  @JsonSubTypes.Type(value = TimeFilter.Year.class, name = "year"),
  @JsonSubTypes.Type(value = TimeFilter.Quarter.class, name = "quarter"),
  @JsonSubTypes.Type(value = TimeFilter.Month.class, name = "month"),
  @JsonSubTypes.Type(value = TimeFilter.Week.class, name = "week"),
  @JsonSubTypes.Type(value = TimeFilter.Relative.class, name = "relative")
})
public sealed interface TimeFilter {

  /** Dates from {@code from} to {@code to}, both included; either end may be null (open). */
  record Range(LocalDate from, LocalDate to) implements TimeFilter {}

  /** One calendar year. */
  record Year(int year) implements TimeFilter {}

  /** One calendar quarter (1–4). */
  record Quarter(int year, int quarter) implements TimeFilter {}

  /** One calendar month (1–12). */
  record Month(int year, int month) implements TimeFilter {}

  /**
   * Seven days from {@code from}, both ends included: "the first week of June 2022" is {@code
   * from=2022-06-01}; an ISO week ("week 23 of 2022") is the week from its Monday, as a week grain
   * buckets it.
   */
  record Week(LocalDate from) implements TimeFilter {}

  /**
   * {@code count} whole calendar periods of {@code grain} relative to the data's latest date in the
   * time column: the period holding that date is period 0, and {@code offset} periods back is where
   * the window ends. "the last 3 months" = {@code month, 3, 0}; "the previous quarter" = {@code
   * quarter, 1, 1}. The latest date is the one recon recorded when it was built (see describe()).
   */
  record Relative(TimeGrain grain, int count, int offset) implements TimeFilter {}

  static TimeFilter year(int year) {
    return new Year(year);
  }

  static TimeFilter range(LocalDate from, LocalDate to) {
    return new Range(from, to);
  }
}
