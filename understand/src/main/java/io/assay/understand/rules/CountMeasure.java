package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.List;

/**
 * "how many clients", "number of loans", "how many card withdrawals": the count of the rows the
 * phrase after the counting word names, by the table's plain count metric when it has one.
 */
final class CountMeasure implements Rule {

  @Override
  public void apply(Draft d) {
    Cue c = d.firstCue(Kind.COUNT) != null ? d.firstCue(Kind.COUNT) : d.firstCue(Kind.RATIO);
    d.use(c);
    if (d.occasionMetric != null) {
      d.adoptMetric(d.occasionMetric);
      d.note("'" + c.text() + " times' → metric " + d.occasionMetric);
      return;
    }
    int i = d.indexOf(c);
    // "clients born in the 1960s - how many?": asked last, after what is counted
    boolean last = i > 0 && i == d.items.size() - 1;
    if (last ? counted(d, c, 0, i) : anaphoric(d, c, i) || counted(d, c, i + 1, d.items.size())) {
      return;
    }
    d.problem("'" + c.text() + "' is not followed by what to count");
  }

  /** Verbs that may follow "how many" directly when what is counted was named before it. */
  private static final java.util.Set<String> BARE_VERBS =
      java.util.Set.of(
          "are", "were", "is", "was", "have", "has", "had", "did", "do", "does", "own", "owned",
          "hold", "held", "possess");

  /**
   * "Among the accounts opened in 1996, how many are in north Moravia?": "how many" followed by a
   * verb, not a noun, counts the rows named before it.
   */
  private static boolean anaphoric(Draft d, Cue c, int i) {
    int next = c.last() + 1;
    return i > 0
        && next < d.scan.tokens.size()
        && BARE_VERBS.contains(d.scan.tokens.get(next).norm())
        && counted(d, c, 0, i);
  }

  /** Counts what the items from {@code from} (inclusive) to {@code to} name; false if nothing. */
  private static boolean counted(Draft d, Cue c, int from, int to) {
    Mention firstValue = null;
    for (int k = from; k < to; k++) {
      Object w = d.at(k);
      if (!(w instanceof Mention m)) {
        if (w instanceof Cue || w instanceof Scan.Number || w instanceof Scan.Time) {
          continue;
        }
        break;
      }
      if (m.has(Target.Value.class) || m.has(Target.Superlative.class)) {
        if (firstValue == null && m.has(Target.Value.class)) {
          firstValue = m;
          if (k == from && !nounFollows(d, k) && countRowsOfValue(d, c, m)) {
            return true; // "how many PG titles are in …": the value's rows are counted
          }
        }
        continue;
      }
      String table = null;
      Target.Table t = m.one(Target.Table.class);
      if (t != null) {
        table = t.table();
      } else if (m.has(Target.Metric.class)
          && m.all(Target.Metric.class).size() == 1
          && d.schema.isCount(m.one(Target.Metric.class).name())) {
        d.adoptMetric(m.one(Target.Metric.class).name());
        d.use(m);
        d.note("'" + c.text() + " " + m.text() + "' → metric " + d.metricName);
        return true;
      } else if (m.has(Target.Column.class)) {
        ColumnRef col =
            d.schema.disambiguate(
                m, m.all(Target.Column.class).stream().map(Target.Column::column).toList());
        table = col == null ? null : col.table();
        if (col != null && !namesRows(d, col) && d.schema.isTableNoun(m.last(), col.table())) {
          // "number of active customers": the phrase ends on its rows' own noun, so a flag or a
          // measure before it qualifies what is counted ("card types" ends on the column's word),
          // and which of its values counts is not said; counting every row drops it
          d.use(m);
          d.problem("'" + m.text() + "': which " + col + " values are counted is not said");
          return true;
        }
        if (col != null
            && !namesRows(d, col)
            && d.schema.isText(col)
            && !ColumnOfANumber.possessedInside(d, m, col.table())
            && !oneValueKept(d, col)) {
          // "how many regions": a column of words that does not name its rows counts its
          // values, not the rows of its table (77 districts lie in 8 regions); "how many films
          // have a rating" opens on the rows and counts them
          d.use(m);
          d.measure = new Measure.Aggregate(Aggregation.COUNT_DISTINCT, col, List.of(), null);
          d.metricName = null;
          d.note("'" + c.text() + " " + m.text() + "' → count of distinct " + col);
          return true;
        }
      }
      if (table == null) {
        continue;
      }
      d.use(m);
      countRows(d, c, m, table);
      return true;
    }
    return firstValue != null && countRowsOfValue(d, c, firstValue);
  }

  /**
   * "how many dispositions of type disponent": the question keeps one value of the column, so it
   * counts the rows holding it, not that column's (single) value.
   */
  private static boolean oneValueKept(Draft d, ColumnRef col) {
    return d.filters.stream()
        .anyMatch(
            f ->
                f instanceof Filter.Compare cmp
                    && cmp.column().equals(col)
                    && cmp.op() == Comparison.EQ);
  }

  /** A key, a reference or a label: a column whose phrase names the rows themselves. */
  private static boolean namesRows(Draft d, ColumnRef col) {
    return col.equals(d.schema.primaryKeyOrNull(col.table()))
        || d.schema.isReference(col)
        || d.schema.labelColumns(col.table()).contains(col);
  }

  /**
   * "how many Prague clients": a phrase naming rows right after the value (no word between), which
   * the value qualifies; otherwise ("how many junior cards are owned by clients") the value's own
   * rows are what is counted.
   */
  private static boolean nounFollows(Draft d, int k) {
    Item value = d.item(k);
    Item next = d.item(k + 1);
    return next != null
        && next.what() instanceof Mention n
        && n.first() == value.last() + 1
        && (n.has(Target.Table.class) || n.has(Target.Column.class));
  }

  /**
   * "how many card withdrawals", "how many junior cards": a counting word followed only by a stored
   * value counts the rows of the value's table that hold it (the value is already a filter).
   */
  private static boolean countRowsOfValue(Draft d, Cue c, Mention m) {
    Target.Value v = m.one(Target.Value.class);
    if (m.all(Target.Value.class).stream().map(x -> x.column().table()).distinct().count() != 1
        || !d.isUsed(m)) {
      return false;
    }
    countRows(d, c, m, v.column().table());
    return true;
  }

  private static void countRows(Draft d, Cue c, Mention m, String table) {
    String plain = d.schema.plainCountMetric(table);
    if (plain != null) {
      d.adoptMetric(plain);
      d.note("'" + c.text() + " " + m.text() + "' → metric " + plain);
    } else {
      d.measure = d.schema.countOf(table);
      d.note("'" + c.text() + " " + m.text() + "' → count of " + table + " rows");
    }
  }
}
