package io.assay.understand.rules;

import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Projection;
import io.assay.pick.TimeFilter;
import io.assay.pick.Value;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.stream.Collectors;

/** The words of the reading's notes and problems: how each part of a Pick is shown to people. */
public final class Describe {

  private Describe() {}

  static String targets(Mention m) {
    return m.targets().stream().map(Describe::target).collect(Collectors.joining(" or "));
  }

  static String target(Target t) {
    if (t instanceof Target.Metric m) {
      return "metric " + m.name();
    }
    if (t instanceof Target.Table tb) {
      return "table " + tb.table();
    }
    if (t instanceof Target.Column c) {
      return "column " + c.column();
    }
    if (t instanceof Target.Value v) {
      return v.column() + " = '" + v.value() + "'";
    }
    if (t instanceof Target.YearsSince y) {
      return y.name() + " from " + y.column();
    }
    if (t instanceof Target.Superlative s) {
      return s.direction().name().toLowerCase() + " " + s.column();
    }
    return "an identifier";
  }

  static String measure(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return "metric " + mm.metric();
    }
    if (m instanceof Measure.Aggregate a) {
      return a.fn().name().toLowerCase() + "(" + a.column() + ")";
    }
    if (m instanceof Measure.Ratio r) {
      return measure(r.numerator()) + " / " + measure(r.denominator());
    }
    if (m instanceof Measure.Difference d) {
      return measure(d.left()) + " − " + measure(d.right());
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return "share of " + measure(s.of());
    }
    if (m instanceof Measure.OverGroups o) {
      return o.fn().name().toLowerCase() + " over " + o.per() + " of " + measure(o.of());
    }
    return "growth of " + measure(((Measure.Growth) m).of());
  }

  /** A filter in the reading's words ("district.a3 = 'Prague'"). */
  public static String filter(Filter f) {
    if (f instanceof Filter.Compare c) {
      return c.column() + " " + symbol(c.op()) + " " + value(c.value());
    }
    if (f instanceof Filter.Between b) {
      return b.column() + " between " + value(b.from()) + " and " + value(b.to());
    }
    if (f instanceof Filter.In in) {
      return in.column()
          + (in.negated() ? " not in " : " in ")
          + in.values().stream().map(Describe::value).collect(Collectors.joining(", ", "(", ")"));
    }
    if (f instanceof Filter.Ranked r) {
      return r.column() + " = the one ranked " + r.rank();
    }
    if (f instanceof Filter.Exists e) {
      String where =
          e.filters().isEmpty()
              ? ""
              : e.filters().stream()
                  .map(Describe::filter)
                  .collect(Collectors.joining(" and ", " with ", ""));
      return (e.negated() ? "no " : "at least one ") + e.table() + " row" + where;
    }
    if (f instanceof Filter.RelatedCount rc) {
      String where =
          rc.filters().stream()
              .map(Describe::filter)
              .collect(Collectors.joining(" and ", rc.filters().isEmpty() ? "" : " with ", ""));
      return "the number of "
          + rc.table()
          + " rows"
          + where
          + " "
          + symbol(rc.op())
          + " "
          + rc.count();
    }
    if (f instanceof Filter.Contains c) {
      return c.column() + (c.negated() ? " does not hold " : " holds ") + value(c.value());
    }
    if (f instanceof Filter.IsNull n) {
      return n.column() + (n.negated() ? " is set" : " is empty");
    }
    if (f instanceof Filter.VsAggregate v) {
      return v.column()
          + " "
          + symbol(v.op())
          + " "
          + v.fn().name().toLowerCase()
          + "("
          + v.column()
          + ")";
    }
    return f.toString();
  }

  static String value(Value v) {
    if (v instanceof Value.Text t) {
      return "'" + t.value() + "'";
    }
    if (v instanceof Value.Number n) {
      return n.value().toPlainString();
    }
    if (v instanceof Value.Date d) {
      return d.value().toString();
    }
    if (v instanceof Value.Quantity q) {
      return q.amount().toPlainString() + " " + q.unit().name().toLowerCase(java.util.Locale.ROOT);
    }
    return Boolean.toString(((Value.Bool) v).value());
  }

  static String time(TimeFilter t) {
    if (t instanceof TimeFilter.Year y) {
      return "in " + y.year();
    }
    if (t instanceof TimeFilter.Quarter q) {
      return "in " + q.year() + "-Q" + q.quarter();
    }
    if (t instanceof TimeFilter.Month m) {
      return "in " + java.time.YearMonth.of(m.year(), m.month());
    }
    if (t instanceof TimeFilter.Range r) {
      if (r.from() != null && r.from().equals(r.to())) {
        return "on " + r.from();
      }
      return "from "
          + (r.from() == null ? "the start" : r.from())
          + " to "
          + (r.to() == null ? "the end" : r.to());
    }
    TimeFilter.Relative r = (TimeFilter.Relative) t;
    return "the last " + r.count() + " " + r.grain().name().toLowerCase();
  }

  static String projection(Projection p) {
    if (p instanceof Projection.Column c) {
      return c.column().toString();
    }
    if (p instanceof Projection.YearsSince y) {
      return "years since " + y.column();
    }
    return p.toString();
  }

  static String symbol(Comparison c) {
    return switch (c) {
      case EQ -> "=";
      case NE -> "≠";
      case LT -> "<";
      case LE -> "≤";
      case GT -> ">";
      case GE -> "≥";
    };
  }
}
