package io.assay.understand;

import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.time.YearMonth;

/**
 * A calendar period named in a question: a day, month, quarter or year, always with concrete first
 * and last days. Relative expressions ("last quarter") are resolved against the data's latest date
 * before they become a Period, so a plan always shows the dates it will read.
 */
public record Period(LocalDate from, LocalDate to, TimeGrain grain) {

  public Period {
    if (from == null || to == null || grain == null) {
      throw new IllegalArgumentException("a period needs its first day, last day and grain");
    }
    if (to.isBefore(from)) {
      throw new IllegalArgumentException(
          "period ends (" + to + ") before it starts (" + from + ")");
    }
  }

  public static Period day(LocalDate d) {
    return new Period(d, d, TimeGrain.DAY);
  }

  public static Period month(int year, int month) {
    YearMonth ym = YearMonth.of(year, month);
    return new Period(ym.atDay(1), ym.atEndOfMonth(), TimeGrain.MONTH);
  }

  public static Period quarter(int year, int quarter) {
    if (quarter < 1 || quarter > 4) {
      throw new IllegalArgumentException("a quarter is 1 to 4, got " + quarter);
    }
    YearMonth first = YearMonth.of(year, (quarter - 1) * 3 + 1);
    return new Period(first.atDay(1), first.plusMonths(2).atEndOfMonth(), TimeGrain.QUARTER);
  }

  public static Period year(int year) {
    return new Period(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31), TimeGrain.YEAR);
  }

  /** The period of {@code grain} holding {@code date}. */
  public static Period containing(LocalDate date, TimeGrain grain) {
    return switch (grain) {
      case DAY -> day(date);
      case WEEK -> {
        LocalDate monday = date.minusDays(date.getDayOfWeek().getValue() - 1L);
        yield new Period(monday, monday.plusDays(6), TimeGrain.WEEK);
      }
      case MONTH -> month(date.getYear(), date.getMonthValue());
      case QUARTER -> quarter(date.getYear(), (date.getMonthValue() - 1) / 3 + 1);
      case YEAR -> year(date.getYear());
    };
  }

  /** The period {@code n} periods of the same grain before this one. */
  public Period minus(int n) {
    return switch (grain) {
      case DAY -> day(from.minusDays(n));
      case WEEK -> containing(from.minusWeeks(n), TimeGrain.WEEK);
      case MONTH -> containing(from.minusMonths(n), TimeGrain.MONTH);
      case QUARTER -> containing(from.minusMonths(3L * n), TimeGrain.QUARTER);
      case YEAR -> year(from.getYear() - n);
    };
  }

  /** The Pick time filter for exactly this period, in its most readable form. */
  public TimeFilter toTimeFilter() {
    if (!containing(from, grain).equals(this)) {
      // seven days of a month, half a year: no calendar unit of its grain
      return new TimeFilter.Range(from, to);
    }
    return switch (grain) {
      case YEAR -> new TimeFilter.Year(from.getYear());
      case QUARTER -> new TimeFilter.Quarter(from.getYear(), (from.getMonthValue() - 1) / 3 + 1);
      case MONTH -> new TimeFilter.Month(from.getYear(), from.getMonthValue());
      default -> new TimeFilter.Range(from, to);
    };
  }

  /** The smallest period holding both. */
  public Period through(Period later) {
    TimeGrain g = grain.compareTo(later.grain) <= 0 ? grain : later.grain;
    return new Period(from, later.to, g);
  }

  @Override
  public String toString() {
    return switch (grain) {
      case YEAR -> Integer.toString(from.getYear());
      case QUARTER -> from.getYear() + "-Q" + ((from.getMonthValue() - 1) / 3 + 1);
      case MONTH -> YearMonth.from(from).toString();
      case DAY -> from.toString();
      case WEEK -> "week of " + from;
    };
  }
}
