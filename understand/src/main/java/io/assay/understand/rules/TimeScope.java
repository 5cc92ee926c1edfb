package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.TimeFilter;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Mention;
import io.assay.understand.Period;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.TimeExpression;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
      oneWindowOnOneDate(d, main);
    }
    periodsOfAnotherDate(d);
    comparedPeriods(d);
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

  /**
   * "revenue in June 2022 compared with July 2022": the periods compared are the comparison's two
   * sides, never filters on the rows as well (the first read as "revenue in June", the second as
   * the window, would keep no row of either).
   */
  private static void comparedPeriods(Draft d) {
    if (!d.analyses.contains(AnalysisCue.COMPARE) || d.periods.size() < 2 || d.measure == null) {
      return;
    }
    ColumnRef own = d.schema.measureTimeColumn(d.measure);
    if (own == null) {
      return;
    }
    boolean dropped =
        d.filters.removeIf(f -> d.attachedTime.get(f) != null && own.equals(d.attachedTo.get(f)));
    if (dropped || d.time != null) {
      d.time = null;
      d.note("the periods compared (" + d.periods.size() + ") are the comparison's sides");
    }
  }

  /**
   * "how many accounts got a loan in 1996, by month": the periods meant are those of the date the
   * question names (the loans'), but each account may have loans in several of them, so its rows
   * cannot be put into those periods; putting them into the periods of their own date (the opening)
   * would answer another question. The reader says so.
   */
  private static void periodsOfAnotherDate(Draft d) {
    if (d.grain == null || d.measure == null || d.mainTime != null) {
      return;
    }
    ColumnRef own = d.schema.measureTimeColumn(d.measure);
    if (own == null) {
      return;
    }
    for (Filter f : d.filters) {
      ColumnRef date = d.attachedTo.get(f);
      if (d.attachedTime.get(f) == null
          || date == null
          || date.table().equals(own.table())
          || !d.schema.fansOut(own.table(), date.table())) {
        continue;
      }
      d.problem(
          "the periods asked for are of "
              + date
              + ", of which each "
              + own.table()
              + " row may have several; grouping by "
              + own
              + " instead would answer another question");
      return;
    }
  }

  /**
   * "accounts opened in 1995 or 1996": a date read on the time column already (as a filter) and the
   * scope on it are two windows on one date, which together keep only the days in both. Two windows
   * that meet end to start are one longer window; two apart cannot both hold, and the reader says
   * so instead of answering for no days at all.
   */
  private static void oneWindowOnOneDate(Draft d, Scan.Time main) {
    LocalDate[] scope = span(d.time);
    for (Filter f : List.copyOf(d.filters)) {
      TimeExpression other = d.attachedTime.get(f);
      if (other == null || !d.timeColumn.equals(d.attachedTo.get(f))) {
        continue;
      }
      LocalDate[] filter = span(TimeFilters.of(other));
      if (scope == null
          || filter == null
          || overlap(scope, filter)
          || !joinedByOrAnd(d, d.filterPosition.getOrDefault(f, -1), main)) {
        continue; // "more in 1997 than in 1996": two sides, which other rules set side by side
      }
      if (scope[1].plusDays(1).equals(filter[0]) || filter[1].plusDays(1).equals(scope[0])) {
        LocalDate from = scope[0].isBefore(filter[0]) ? scope[0] : filter[0];
        LocalDate to = scope[1].isAfter(filter[1]) ? scope[1] : filter[1];
        d.filters.remove(f);
        d.time = new TimeFilter.Range(from, to);
        d.note(
            "'"
                + other.text()
                + "' and '"
                + main.expression().text()
                + "' → one window on "
                + d.timeColumn
                + " "
                + Describe.time(d.time));
      } else {
        d.problem(
            "'"
                + other.text()
                + "' and '"
                + main.expression().text()
                + "' both date "
                + d.timeColumn
                + " and cannot both hold");
      }
      return;
    }
  }

  /** Words that may join two time expressions into one window ("in 1995 or in 1996"). */
  private static final Set<String> JOINING = Set.of("or", "and", "in", "the", "during");

  /** Whether only joining words, one of them "or" or "and", stand between the two expressions. */
  private static boolean joinedByOrAnd(Draft d, int otherStart, Scan.Time main) {
    if (otherStart < 0 || otherStart >= main.first()) {
      return false;
    }
    int from = otherStart;
    while (from < main.first() && !isJoin(d.scan.tokens.get(from).norm())) {
      from++;
    }
    boolean joined = false;
    for (int k = from; k < main.first(); k++) {
      String w = d.scan.tokens.get(k).norm();
      if (!JOINING.contains(w)) {
        return false;
      }
      joined |= isJoin(w);
    }
    return joined;
  }

  private static boolean isJoin(String w) {
    return w.equals("or") || w.equals("and");
  }

  /** The first and last day of a calendar window, or null for an open or relative one. */
  private static LocalDate[] span(TimeFilter t) {
    if (t instanceof TimeFilter.Range r && r.from() != null && r.to() != null) {
      return new LocalDate[] {r.from(), r.to()};
    }
    Period p = TimeFilters.calendarPeriod(t);
    return p == null ? null : new LocalDate[] {p.from(), p.to()};
  }

  private static boolean overlap(LocalDate[] a, LocalDate[] b) {
    return !a[1].isBefore(b[0]) && !b[1].isBefore(a[0]);
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

  /**
   * "which member borrowed the most books in May 2021": rows with no date of their own are dated by
   * the one verb of the question whose rows have a date ("borrowed" → the loan date), the event
   * through which they were reached; null when there is no such verb or more than one.
   */
  private static ColumnRef dateOfTheVerb(Draft d) {
    String measured = d.schema.measureTable(d.measure);
    List<ColumnRef> dates = new ArrayList<>();
    Mention verb = null;
    for (Mention m : d.scan.mentions) {
      if (!d.aVerb(m)) {
        continue;
      }
      String table = Schema.oneTable(m);
      ColumnRef date = table == null ? null : d.schema.eventDate(table);
      if (date != null && !date.table().equals(measured)) {
        dates.add(date);
        verb = m;
      }
    }
    if (dates.size() != 1) {
      return null;
    }
    d.use(verb);
    d.note("'" + verb.text() + "' → the rows are dated by " + dates.get(0));
    return dates.get(0);
  }

  /** The date column a time scope or grain applies to. */
  private static ColumnRef timeColumn(Draft d, Scan.Time main) {
    if (d.measure != null) {
      ColumnRef c = d.schema.measureTimeColumn(d.measure);
      if (c == null) {
        c = dateOfTheVerb(d);
      }
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
    Mention datedEvent = null;
    for (Mention m : nearest) {
      if (HeldRows.namesOneRow(d, m)) {
        continue; // "transactions of account 10 in January 1997": one row is no time window
      }
      // "transaction ids with an amount of more than 50000 in 1997": a word several tables share
      // is the column of a table the other phrases name, never another table's date
      Set<String> tables = new HashSet<>();
      m.targets().forEach(t -> tables.add(t.table()));
      Set<String> named = tables.size() > 1 ? d.schema.contextTablesOutside(m) : tables;
      for (Target t : m.targets()) {
        if (t.table() == null || !named.contains(t.table())) {
          continue;
        }
        ColumnRef dc = d.schema.onlyDateColumn(t.table());
        if (dc != null
            && datedEvent != null
            && datedEvent.targets().stream().noneMatch(x -> dc.table().equals(x.table()))) {
          // "members who borrowed a book in 2005": the verb nearer the time names a date of
          // other rows, which the time may be about; dating the listed rows would guess
          d.problem(
              "'"
                  + main.expression().text()
                  + "' may date the "
                  + datedEvent.all(Target.Column.class).stream()
                      .filter(c -> d.schema.isTemporal(c.column()))
                      .findFirst()
                      .orElseThrow()
                      .table()
                  + " rows ('"
                  + datedEvent.text()
                  + "') rather than the "
                  + dc.table()
                  + " rows");
          return null;
        }
        if (dc != null) {
          return dc;
        }
      }
      if (datedEvent == null
          && !d.isUsed(m)
          && m.all(Target.Column.class).stream().anyMatch(c -> d.schema.isTemporal(c.column()))) {
        datedEvent = m;
      }
    }
    d.problem("cannot tell which date '" + main.expression().text() + "' applies to");
    return null;
  }
}
