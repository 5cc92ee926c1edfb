package io.assay.analyses.support;

import io.assay.analyses.Args;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.time.LocalDate;

/**
 * Turns a requested time window into whole buckets of data: a bucket the data only partly covers
 * (the data starts or ends inside it) would read as a false drop, so it is left out.
 */
public final class Windows {
  private Windows() {}

  /** Resolves {@code arg} and trims it to complete buckets inside the data's span. */
  public static Periods.Range complete(Args args, String arg, TimeGrain grain, DateRange span) {
    TimeFilter filter = args.timeFilter(arg);
    Periods.Range asked;
    try {
      asked = Periods.resolve(filter, span);
    } catch (IllegalArgumentException e) {
      throw args.invalid("arg '" + arg + "': " + e.getMessage());
    }
    return trim(args, arg, asked, grain, span);
  }

  public static Periods.Range trim(
      Args args, String arg, Periods.Range asked, TimeGrain grain, DateRange span) {
    LocalDate from = Periods.start(grain, asked.from());
    LocalDate to = Periods.end(grain, Periods.start(grain, asked.to()));
    if (span != null) {
      LocalDate firstFull =
          span.min().equals(Periods.start(grain, span.min()))
              ? span.min()
              : Periods.plus(grain, Periods.start(grain, span.min()), 1);
      LocalDate lastStart = Periods.start(grain, span.max());
      LocalDate lastFull =
          span.max().equals(Periods.end(grain, lastStart)) ? span.max() : lastStart.minusDays(1);
      if (from.isBefore(firstFull)) {
        from = firstFull;
      }
      if (to.isAfter(lastFull)) {
        to = lastFull;
      }
      if (from.isAfter(to)) {
        throw args.invalid(
            "arg '"
                + arg
                + "': "
                + asked.describe()
                + " holds no complete "
                + Periods.word(grain)
                + " of data (the data covers "
                + span.min()
                + " to "
                + span.max()
                + ")");
      }
    }
    return new Periods.Range(from, to);
  }

  /** The range of {@code n} buckets before {@code window}, not before the first complete bucket. */
  public static Periods.Range before(Periods.Range window, TimeGrain grain, int n, DateRange span) {
    LocalDate from = Periods.plus(grain, window.from(), -n);
    if (span != null) {
      LocalDate firstFull =
          span.min().equals(Periods.start(grain, span.min()))
              ? span.min()
              : Periods.plus(grain, Periods.start(grain, span.min()), 1);
      if (from.isBefore(firstFull)) {
        from = firstFull;
      }
    }
    LocalDate to = window.from().minusDays(1);
    return from.isAfter(to) ? null : new Periods.Range(from, to);
  }
}
