package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import io.assay.pick.Value;
import io.assay.understand.Period;
import io.assay.understand.TimeExpression;
import java.util.List;

/** Time expressions as the Pick's time filter, or as plain filters on another date column. */
final class TimeFilters {

  private TimeFilters() {}

  static TimeFilter of(TimeExpression e) {
    Period p = e.first();
    switch (e.relation()) {
      case BETWEEN:
        return new TimeFilter.Range(p.from(), e.second().to());
      case BEFORE:
        return new TimeFilter.Range(null, p.from().minusDays(1));
      case AFTER:
        return new TimeFilter.Range(p.to().plusDays(1), null);
      case SINCE:
        return new TimeFilter.Range(p.from(), null);
      case UNTIL:
        return new TimeFilter.Range(null, p.to());
      default:
        return p.toTimeFilter();
    }
  }

  /** A time filter as a plain filter on a column (for dates other than the Pick's time column). */
  static Filter asFilter(ColumnRef column, TimeFilter time) {
    if (time instanceof TimeFilter.Range r) {
      if (r.from() != null && r.from().equals(r.to())) {
        return new Filter.Compare(column, Comparison.EQ, Value.date(r.from()));
      }
      if (r.from() == null) {
        return new Filter.Compare(column, Comparison.LE, Value.date(r.to()));
      }
      if (r.to() == null) {
        return new Filter.Compare(column, Comparison.GE, Value.date(r.from()));
      }
      return new Filter.Between(column, Value.date(r.from()), Value.date(r.to()));
    }
    Period p = calendarPeriod(time);
    if (p != null) {
      return between(column, p);
    }
    throw new IllegalArgumentException("relative periods are resolved before they become filters");
  }

  /** A year, quarter or month as its period; null for a range or a relative period. */
  static Period calendarPeriod(TimeFilter time) {
    if (time instanceof TimeFilter.Year y) {
      return Period.year(y.year());
    }
    if (time instanceof TimeFilter.Quarter q) {
      return Period.quarter(q.year(), q.quarter());
    }
    if (time instanceof TimeFilter.Month m) {
      return Period.month(m.year(), m.month());
    }
    return null;
  }

  private static Filter between(ColumnRef column, Period p) {
    return new Filter.Between(column, Value.date(p.from()), Value.date(p.to()));
  }

  /**
   * A period as "from ≤ t < day after the last": the same days on a date column, and the whole of
   * the last day on a timestamp column (where "between … and the last day" would stop at its
   * midnight).
   */
  static List<Filter> halfOpen(Filter f) {
    if (f instanceof Filter.Between b
        && b.from() instanceof Value.Date from
        && b.to() instanceof Value.Date to) {
      return List.of(
          new Filter.Compare(b.column(), Comparison.GE, from),
          new Filter.Compare(b.column(), Comparison.LT, Value.date(to.value().plusDays(1))));
    }
    if (f instanceof Filter.Compare c && c.value() instanceof Value.Date d) {
      if (c.op() == Comparison.EQ) {
        return List.of(
            new Filter.Compare(c.column(), Comparison.GE, d),
            new Filter.Compare(c.column(), Comparison.LT, Value.date(d.value().plusDays(1))));
      }
      if (c.op() == Comparison.LE) {
        return List.of(
            new Filter.Compare(c.column(), Comparison.LT, Value.date(d.value().plusDays(1))));
      }
    }
    return List.of(f);
  }
}
