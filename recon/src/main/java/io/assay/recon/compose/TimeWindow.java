package io.assay.recon.compose;

import io.assay.pick.PickValidationError;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;

/**
 * A time filter resolved to a half-open date interval {@code [start, end)} (either end may be
 * open). Half-open intervals are right for both date and timestamp columns and let PostgreSQL use
 * an index on the column, unlike BIRD's {@code to_char(date, 'YYYY') = '1997'}.
 */
record TimeWindow(LocalDate start, LocalDate end) {

  /**
   * Resolves a time filter; {@code latest} is the data's latest date in the time column (used by
   * relative windows only, may be null otherwise).
   */
  static TimeWindow of(TimeFilter filter, LocalDate latest, String column) {
    if (filter instanceof TimeFilter.Range r) {
      if (r.from() == null && r.to() == null) {
        throw new PickValidationError("a time range needs a start (from), an end (to) or both");
      }
      if (r.from() != null && r.to() != null && r.from().isAfter(r.to())) {
        throw new PickValidationError(
            "the time range starts (" + r.from() + ") after it ends (" + r.to() + ")");
      }
      return new TimeWindow(r.from(), r.to() == null ? null : r.to().plusDays(1));
    }
    if (filter instanceof TimeFilter.Year y) {
      checkYear(y.year());
      LocalDate s = LocalDate.of(y.year(), 1, 1);
      return new TimeWindow(s, s.plusYears(1));
    }
    if (filter instanceof TimeFilter.Quarter q) {
      checkYear(q.year());
      if (q.quarter() < 1 || q.quarter() > 4) {
        throw new PickValidationError("quarter must be 1–4, got " + q.quarter());
      }
      LocalDate s = LocalDate.of(q.year(), 3 * (q.quarter() - 1) + 1, 1);
      return new TimeWindow(s, s.plusMonths(3));
    }
    if (filter instanceof TimeFilter.Month m) {
      checkYear(m.year());
      if (m.month() < 1 || m.month() > 12) {
        throw new PickValidationError("month must be 1–12, got " + m.month());
      }
      LocalDate s = LocalDate.of(m.year(), m.month(), 1);
      return new TimeWindow(s, s.plusMonths(1));
    }
    if (filter instanceof TimeFilter.Week w) {
      if (w.from() == null) {
        throw new PickValidationError("a week needs its first day (from)");
      }
      checkYear(w.from().getYear());
      return new TimeWindow(w.from(), w.from().plusDays(7));
    }
    if (filter instanceof TimeFilter.Relative r) {
      if (r.grain() == null) {
        throw new PickValidationError("a relative time window needs a grain (day … year)");
      }
      if (r.count() < 1) {
        throw new PickValidationError("a relative time window needs count >= 1, got " + r.count());
      }
      if (r.offset() < 0) {
        throw new PickValidationError("offset counts periods back and cannot be negative");
      }
      if (latest == null) {
        throw new PickValidationError(
            "the time column '" + column + "' holds no dates, so a relative window has no anchor");
      }
      LocalDate periodStart = truncate(latest, r.grain());
      LocalDate end = plus(periodStart, r.grain(), 1 - r.offset());
      return new TimeWindow(plus(end, r.grain(), -r.count()), end);
    }
    throw new PickValidationError("the time filter is missing its kind");
  }

  /** The first day of the grain bucket holding {@code d} (weeks start on Monday). */
  static LocalDate truncate(LocalDate d, TimeGrain grain) {
    return switch (grain) {
      case DAY -> d;
      case WEEK -> d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTH -> d.withDayOfMonth(1);
      case QUARTER -> LocalDate.of(d.getYear(), 3 * ((d.getMonthValue() - 1) / 3) + 1, 1);
      case YEAR -> LocalDate.of(d.getYear(), 1, 1);
    };
  }

  static LocalDate plus(LocalDate d, TimeGrain grain, int n) {
    return switch (grain) {
      case DAY -> d.plusDays(n);
      case WEEK -> d.plusWeeks(n);
      case MONTH -> d.plusMonths(n);
      case QUARTER -> d.plusMonths(3L * n);
      case YEAR -> d.plusYears(n);
    };
  }

  private static void checkYear(int year) {
    if (year < 1 || year > 9999) {
      throw new PickValidationError("year must be between 1 and 9999, got " + year);
    }
  }
}
