package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.TimeExpression;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The question's time scope: the one time expression no other rule explained, on the date column of
 * the measure (or, for a listing, of the table named nearest to it). A date named on the measure's
 * own date column ("loans approved in 1997") is the scope too, not just a filter.
 */
final class TimeScope implements Rule {

  @Override
  public void apply(Draft d) {
    Scan.Time main = mainTime(d);
    d.mainTime = main;
    if (main != null || d.grain != null || d.measure instanceof Measure.Growth) {
      d.timeColumn = timeColumn(d, main);
    }
    if (main != null && d.timeColumn != null) {
      d.time = TimeFilters.of(main.expression());
      d.note("'" + main.expression().text() + "' → " + d.timeColumn + " " + Describe.time(d.time));
    }
    if (main == null && d.measure != null && d.problems.isEmpty()) {
      // "loans approved in 1997": the date named is the measure's own time column, so it is
      // the time window (which trend analyses and comparisons read), not just a filter.
      ColumnRef own = d.schema.measureTimeColumn(d.measure);
      for (Filter f : List.copyOf(d.filters)) {
        TimeExpression e = d.attachedTime.get(f);
        if (e != null && own != null && own.equals(d.attachedTo.get(f)) && d.filters.contains(f)) {
          d.filters.remove(f);
          d.timeColumn = own;
          d.time = TimeFilters.of(e);
          break;
        }
      }
    }
  }

  private static Scan.Time mainTime(Draft d) {
    if (d.analyses.contains(AnalysisCue.COMPARE)) {
      // "compare 1998 with 1997": the periods are the comparison's, kept in the frame.
      List<Scan.Time> free = new ArrayList<>();
      for (Item it : d.items) {
        if (it.what() instanceof Scan.Time t && !d.isUsed(t)) {
          free.add(t);
        }
      }
      if (free.size() >= 2) {
        free.forEach(d::use);
        return null;
      }
    }
    Scan.Time main = null;
    for (Item it : d.items) {
      if (it.what() instanceof Scan.Time t && !d.isUsed(t)) {
        if (main != null) {
          d.problem(
              "two time scopes ('"
                  + main.expression().text()
                  + "' and '"
                  + t.expression().text()
                  + "'): say which date each applies to");
          return null;
        }
        main = t;
      }
    }
    if (main != null) {
      d.use(main);
    }
    return main;
  }

  /** The date column a time scope or grain applies to. */
  private static ColumnRef timeColumn(Draft d, Scan.Time main) {
    if (d.measure != null) {
      ColumnRef c = d.schema.measureTimeColumn(d.measure);
      if (c == null) {
        d.problem(
            "cannot tell which date "
                + (main != null ? "'" + main.expression().text() + "'" : "the time grain")
                + " applies to for "
                + Describe.measure(d.measure));
      }
      return c;
    }
    // A listing: the date of the table talked about nearest to the expression.
    if (main == null) {
      d.problem("a time grain needs a measure (a count or a metric) to bucket");
      return null;
    }
    List<Mention> nearest = new ArrayList<>(d.scan.mentions);
    nearest.sort(
        Comparator.comparingInt(
            m -> Math.abs(m.first() - main.first()) + (m.first() > main.first() ? 1 : 0)));
    for (Mention m : nearest) {
      for (Target t : m.targets()) {
        if (t.table() == null) {
          continue;
        }
        ColumnRef dc = d.schema.onlyDateColumn(t.table());
        if (dc != null) {
          return dc;
        }
      }
    }
    d.problem("cannot tell which date '" + main.expression().text() + "' applies to");
    return null;
  }
}
