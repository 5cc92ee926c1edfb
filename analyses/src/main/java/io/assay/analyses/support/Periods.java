package io.assay.analyses.support;

import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Calendar arithmetic on time-grain buckets, matching the composer: a bucket is named by its first
 * day (weeks start on Monday). Periods print as ISO year, month or day.
 */
public final class Periods {
  private Periods() {}

  /** First day of the bucket holding {@code day}. */
  public static LocalDate start(TimeGrain grain, LocalDate day) {
    return switch (grain) {
      case DAY -> day;
      case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case MONTH -> day.withDayOfMonth(1);
      case QUARTER -> LocalDate.of(day.getYear(), ((day.getMonthValue() - 1) / 3) * 3 + 1, 1);
      case YEAR -> LocalDate.of(day.getYear(), 1, 1);
    };
  }

  /** First day of the bucket {@code n} buckets after the one starting at {@code start}. */
  public static LocalDate plus(TimeGrain grain, LocalDate start, long n) {
    return switch (grain) {
      case DAY -> start.plusDays(n);
      case WEEK -> start.plusWeeks(n);
      case MONTH -> start.plusMonths(n);
      case QUARTER -> start.plusMonths(3 * n);
      case YEAR -> start.plusYears(n);
    };
  }

  /** Last day of the bucket starting at {@code start}. */
  public static LocalDate end(TimeGrain grain, LocalDate start) {
    return plus(grain, start, 1).minusDays(1);
  }

  /** Bucket starts from the bucket of {@code from} to the bucket of {@code to}, inclusive. */
  public static List<LocalDate> buckets(TimeGrain grain, LocalDate from, LocalDate to) {
    List<LocalDate> out = new ArrayList<>();
    for (LocalDate b = start(grain, from); !b.isAfter(to); b = plus(grain, b, 1)) {
      out.add(b);
    }
    return out;
  }

  /** ISO text of a bucket: {@code 1997} for years, {@code 1997-03} for months, else the day. */
  public static String iso(TimeGrain grain, LocalDate start) {
    return switch (grain) {
      case YEAR -> String.valueOf(start.getYear());
      case MONTH -> start.toString().substring(0, 7);
      default -> start.toString();
    };
  }

  /** Frequency string the anomaly scoring and forecasters understand for a grain. */
  public static String frequency(TimeGrain grain) {
    return switch (grain) {
      case DAY -> "daily";
      case WEEK -> "weekly";
      case MONTH -> "monthly";
      case QUARTER -> "quarterly";
      case YEAR -> "yearly";
    };
  }

  public static String word(TimeGrain grain) {
    return grain.name().toLowerCase(Locale.ROOT);
  }

  /** A closed date range. */
  public record Range(LocalDate from, LocalDate to) {
    public Range {
      if (from == null || to == null) {
        throw new IllegalArgumentException("a range needs both ends");
      }
      if (from.isAfter(to)) {
        throw new IllegalArgumentException("range starts " + from + " after it ends " + to);
      }
    }

    public TimeFilter asFilter() {
      return TimeFilter.range(from, to);
    }

    /** "1997-01-01..1997-12-31", or the ISO year / month when the range is exactly one. */
    public String describe() {
      if (from.getDayOfYear() == 1 && to.equals(from.withDayOfYear(from.lengthOfYear()))) {
        return String.valueOf(from.getYear());
      }
      if (from.getDayOfMonth() == 1 && to.equals(from.withDayOfMonth(from.lengthOfMonth()))) {
        return from.toString().substring(0, 7);
      }
      return from + ".." + to;
    }

    /** ISO period of the range when it is one year, month or day; null otherwise. */
    public String isoPeriod() {
      String d = describe();
      if (d.contains("..")) {
        return from.equals(to) ? from.toString() : null;
      }
      return d;
    }
  }

  /**
   * The dates a time filter covers. Open ends and relative windows are resolved against the
   * column's recorded date span; an error names what is missing.
   */
  public static Range resolve(TimeFilter filter, DateRange span) {
    if (filter instanceof TimeFilter.Year y) {
      return new Range(LocalDate.of(y.year(), 1, 1), LocalDate.of(y.year(), 12, 31));
    }
    if (filter instanceof TimeFilter.Quarter q) {
      if (q.quarter() < 1 || q.quarter() > 4) {
        throw new IllegalArgumentException("quarter must be 1..4, got " + q.quarter());
      }
      LocalDate from = LocalDate.of(q.year(), (q.quarter() - 1) * 3 + 1, 1);
      return new Range(from, from.plusMonths(3).minusDays(1));
    }
    if (filter instanceof TimeFilter.Month m) {
      if (m.month() < 1 || m.month() > 12) {
        throw new IllegalArgumentException("month must be 1..12, got " + m.month());
      }
      LocalDate from = LocalDate.of(m.year(), m.month(), 1);
      return new Range(from, from.plusMonths(1).minusDays(1));
    }
    if (filter instanceof TimeFilter.Range r) {
      LocalDate from = r.from() != null ? r.from() : requireSpan(span, "an open range start").min();
      LocalDate to = r.to() != null ? r.to() : requireSpan(span, "an open range end").max();
      return new Range(from, to);
    }
    if (filter instanceof TimeFilter.Relative rel) {
      if (rel.count() < 1 || rel.offset() < 0) {
        throw new IllegalArgumentException(
            "a relative window needs count >= 1 and offset >= 0, got "
                + rel.count()
                + ", "
                + rel.offset());
      }
      LocalDate latest = start(rel.grain(), requireSpan(span, "a relative window").max());
      LocalDate last = plus(rel.grain(), latest, -rel.offset());
      LocalDate first = plus(rel.grain(), last, -(rel.count() - 1));
      return new Range(first, end(rel.grain(), last));
    }
    throw new IllegalArgumentException("unsupported time filter " + filter);
  }

  private static DateRange requireSpan(DateRange span, String what) {
    if (span == null) {
      throw new IllegalArgumentException(
          what + " needs the data's date range, which recon does not know for this time column");
    }
    return span;
  }
}
