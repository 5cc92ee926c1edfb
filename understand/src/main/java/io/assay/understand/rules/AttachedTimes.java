package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.TimeExpression;
import java.util.Set;

/**
 * "born before 1950", "approved loan date in 1997", "loans in 1997": a date right after a date
 * column, or after a table whose metrics read one date, filters that column.
 */
final class AttachedTimes implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Scan.Time t) || d.difference != null && d.isUsed(t)) {
        // the periods of a difference are its two sides, not a filter on the rows
        continue;
      }
      Item leftItem = d.previous(i, Kind.COPULA, Kind.ORDINAL);
      if (leftItem == null || !(leftItem.what() instanceof Mention left)) {
        continue;
      }
      if (d.at(d.indexOf(left) - 1) instanceof Cue neg && neg.kind() == Kind.NEGATE) {
        continue; // "never took a loan in 1997": the date belongs inside the negated rows
      }
      ColumnRef dateColumn = d.schema.temporalColumn(left);
      Mention subject = dateColumn == null ? null : otherRowsDated(d, left, dateColumn);
      if (subject != null) {
        // "whose card was opened in 1996/10/21": a date word of other rows, said of these rows,
        // dates these rows by their own date
        dateColumn = d.schema.eventDate(subject.one(Target.Table.class).table());
        if (!d.schema.saysCount(subject) && !listed(d, subject)) {
          d.use(subject);
        }
      }
      Mention dated = dateColumn == null ? datedBeforeAPlace(d, left) : null;
      if (dated != null) {
        // "clients who opened their accounts in the Pisek district in 1995": the place says
        // where, the year dates the opening before it
        left = dated;
        dateColumn = d.schema.temporalColumn(dated);
      }
      if (dateColumn == null
          && d.schema.namesOnlyATable(left)
          && !(left.first() == left.last()
              && d.at(d.indexOf(left) - 1) instanceof Cue g
              && g.kind() == Kind.GROUP)) {
        // (a lone noun after "per"/"by each" is a dimension: "paid by each customer in April 2022"
        // dates the payments, not the customers; "by accounts opened in 1995" dates the accounts)
        // "loans in 1997", "loan was approved on 1993/7/5": the date the entity's metrics use.
        dateColumn = d.schema.eventDate(left.one(Target.Table.class).table());
      }
      if (dateColumn == null) {
        continue;
      }
      TimeExpression e = t.expression();
      Filter f = TimeFilters.asFilter(dateColumn, TimeFilters.of(e));
      d.addFilter(f, t.first(), dateColumn);
      d.attachedTime.put(f, e);
      d.use(t);
      if (!d.schema.saysCount(left) && !namesAnAmount(d, left) && !listed(d, left)) {
        // "how many loans were granted in 1995": a phrase that counts its rows itself is still the
        // measure; the date only filters (and becomes the time scope on the measure's own date)
        d.use(left);
      }
      d.note(
          "'"
              + left.text()
              + " "
              + e.text()
              + "' → "
              + dateColumn
              + " "
              + Describe.time(TimeFilters.of(e)));
    }
  }

  /**
   * The rows right before a one-word date verb ("card was opened", "cards opened") when that verb
   * names another table's date and these rows have one date of their own; else null.
   */
  private static Mention otherRowsDated(Draft d, Mention verb, ColumnRef verbDate) {
    Item before = d.previous(d.indexOf(verb), Kind.COPULA);
    if (verb.first() != verb.last()
        || before == null
        || !(before.what() instanceof Mention rows)
        || !d.schema.namesOnlyATable(rows)) {
      return null;
    }
    String table = rows.one(Target.Table.class).table();
    ColumnRef own = d.schema.eventDate(table);
    // "clients who own a gold card were born after 1980": rows the verb's date belongs to are
    // named, so the verb may be said of them
    boolean verbsRowsNamed =
        d.scan.mentions.stream()
            .anyMatch(
                m ->
                    d.schema.namesOnlyATable(m)
                        && m.one(Target.Table.class).table().equals(verbDate.table()));
    return !table.equals(verbDate.table()) && own != null && !verbsRowsNamed ? rows : null;
  }

  /** Words that put rows in a place: "in the Pisek district", "from Canada". */
  private static final Set<String> PLACED = Set.of("in", "at", "from");

  /**
   * The phrase naming a date column right before a place ("opened their accounts | in the Pisek
   * district"), when {@code place} is that place: a stored value, maybe with its table's noun after
   * it, after "in", "at" or "from". Null otherwise.
   */
  private static Mention datedBeforeAPlace(Draft d, Mention place) {
    int k = d.indexOf(place);
    if (place.targets().stream().allMatch(t -> t instanceof Target.Table)
        && d.at(k - 1) instanceof Mention value
        && value.last() + 1 == place.first()) {
      k--; // "Pisek district": the value, then its table's noun
    }
    if (!(d.at(k) instanceof Mention v)
        || !v.targets().stream().allMatch(t -> t instanceof Target.Value)
        || !(d.at(k - 1) instanceof Mention dated)
        || d.schema.temporalColumn(dated) == null) {
      return null;
    }
    int between = dated.last() + 1;
    boolean placed = between < v.first() && PLACED.contains(d.scan.tokens.get(between).norm());
    for (int w = between + 1; placed && w < v.first(); w++) {
      placed = DETERMINERS.contains(d.scan.tokens.get(w).norm());
    }
    return placed ? dated : null;
  }

  private static final Set<String> DETERMINERS = Set.of("the", "a", "an");

  /**
   * "list the accounts opened in 1994", "which loans granted in 1996 …": a table's rows right after
   * the listing word are what the answer lists; the date only filters them.
   */
  private static boolean listed(Draft d, Mention m) {
    return m.has(Target.Table.class)
        && !m.has(Target.Value.class)
        && d.at(d.indexOf(m) - 1) instanceof Cue c
        && c.kind() == Kind.LIST;
  }

  /**
   * "daily revenue in May 2022": a phrase that names an amount over its table's rows (not merely
   * their count) stays the measure; the date only filters.
   */
  private static boolean namesAnAmount(Draft d, Mention m) {
    return m.all(Target.Metric.class).stream().anyMatch(x -> !d.schema.isCount(x.name()));
  }
}
