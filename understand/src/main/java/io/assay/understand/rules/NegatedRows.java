package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.recon.ColumnInfo;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * "clients who never took a loan", "accounts that don't have any permanent orders": a negation
 * before a phrase naming rows of one table keeps the rows with no such related rows; the stored
 * values named after it ("a gold card") are read inside those related rows.
 */
final class NegatedRows implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c)
          || c.kind() != Kind.NEGATE
          || d.isUsed(c)
          || !(d.at(i + 1) instanceof Mention m)
          || d.isUsed(m)) {
        continue;
      }
      if (unsetColumn(d, c, m)) {
        continue;
      }
      if (m.targets().stream().allMatch(t -> t instanceof Target.Column)) {
        // "had no k_symbol": a column names no rows whose absence could be meant
        continue;
      }
      Set<String> tables = new LinkedHashSet<>();
      m.targets().forEach(t -> tables.add(t.table()));
      String subject = d.schema.subjectTable(c.first());
      if (tables.size() == 2 && subject != null && tables.contains(subject)) {
        // "clients who never borrowed …": the verb names loans and their client; the rows
        // that must not exist are the other table's
        tables.remove(subject);
      } else if (tables.size() > 1 && m.all(Target.Metric.class).size() == 1) {
        // "films that have never been rented": the event's rows are those of the metric it counts
        tables.clear();
        tables.add(m.one(Target.Metric.class).table());
      }
      if (tables.size() != 1 || tables.contains(null)) {
        continue;
      }
      String table = tables.iterator().next();
      List<Filter> inside = new ArrayList<>();
      for (Filter f : List.copyOf(d.filters)) {
        Integer at = d.filterPosition.get(f);
        if (at != null && at > m.last() && d.attachedTo.get(f) == null) {
          inside.add(f);
          d.filters.remove(f);
        }
      }
      if (!inside.isEmpty()) {
        // "a gold card": the noun the value describes is part of the related rows
        for (Item it : d.items) {
          if (it.first() > m.last()
              && it.what() instanceof Mention o
              && d.schema.namesOnlyATable(o)) {
            d.use(o);
          }
        }
      }
      timesInside(d, m.last(), table, inside);
      d.related.add(new Filter.Exists(table, inside, true));
      d.use(c);
      d.use(m);
      d.note(
          "'"
              + c.text()
              + " "
              + m.text()
              + "' → no related "
              + table
              + " rows"
              + (inside.isEmpty()
                  ? ""
                  : " where "
                      + inside.stream()
                          .map(Describe::filter)
                          .collect(Collectors.joining(" and "))));
    }
  }

  /**
   * "rentals that were never returned", "orders not yet shipped": a negation before a phrase that
   * names only a column of the rows themselves (the return date) keeps the rows where that column
   * is empty. Reading it as "no related rows" would deny the rows their own existence; a column
   * that is never empty cannot say it, and the reader says so.
   */
  private static boolean unsetColumn(Draft d, Cue c, Mention m) {
    Set<ColumnRef> columns = new LinkedHashSet<>();
    for (Target t : m.targets()) {
      if (!(t instanceof Target.Column col)) {
        return false;
      }
      columns.add(col.column());
    }
    String subject = d.schema.subjectTable(c.first());
    if (columns.size() > 1 && subject != null) {
      // "transactions that had no k_symbol": of the columns the phrase may name, the subject's
      columns.removeIf(col -> !col.table().equals(subject));
    }
    if (columns.size() != 1) {
      return false;
    }
    ColumnRef column = columns.iterator().next();
    if (subject != null && !subject.equals(column.table())) {
      return false;
    }
    d.use(c);
    d.use(m);
    if (!d.recon.column(column).map(ColumnInfo::nullable).orElse(false)) {
      d.problem("'" + c.text() + " " + m.text() + "': " + column + " always has a value");
      return true;
    }
    d.addFilter(new Filter.IsNull(column, false), m.first(), null);
    d.note("'" + c.text() + " " + m.text() + "' → " + column + " is empty");
    return true;
  }

  /**
   * "clients who never took a loan in 1997": a date after the negated rows dates those rows (on
   * their own event date), never the rows the question counts; when those rows have no such date
   * the question is not answered rather than dated wrongly.
   */
  static void timesInside(Draft d, int after, String table, List<Filter> inside) {
    for (Item it : d.items) {
      if (it.first() > after && it.what() instanceof Scan.Time t && !d.isUsed(t)) {
        ColumnRef date = d.schema.eventDate(table);
        if (date == null) {
          d.problem(
              "'"
                  + t.expression().text()
                  + "' dates the rows that must not exist, which have no date");
          return;
        }
        inside.add(TimeFilters.asFilter(date, TimeFilters.of(t.expression())));
        d.use(t);
      }
    }
  }
}
