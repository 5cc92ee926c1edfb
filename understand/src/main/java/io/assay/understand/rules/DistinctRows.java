package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Projection;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.HashSet;
import java.util.Set;

/**
 * "how many different clients borrowed", "how many distinct card types", "list the unique codes":
 * each thing counted or listed once. A count of a table's rows by its key, or a count of distinct
 * values, already counts each once; a count of a column's rows becomes a count of its distinct
 * values; a list shows each row once unless it is cut by an order on a column it does not show.
 * Anywhere else the word stays unexplained and the reader says so.
 */
final class DistinctRows implements Rule {

  @Override
  public void apply(Draft d) {
    Cue c = d.firstCue(Kind.DISTINCT);
    if (c == null) {
      return;
    }
    int i = d.indexOf(c);
    if (!(d.at(i + 1) instanceof Mention m) || m.first() != c.last() + 1) {
      return;
    }
    if (d.form == Form.LISTING && d.measure == null) {
      if (listedOnce(d)) {
        d.use(c);
        d.note("'" + c.text() + " " + m.text() + "' → each row listed once");
      }
      return;
    }
    if (!(d.at(i - 1) instanceof Cue count) || count.kind() != Kind.COUNT || !d.isUsed(count)) {
      return;
    }
    if (m.has(Target.Column.class) && !m.has(Target.Table.class) && !m.has(Target.Value.class)) {
      ColumnRef column =
          d.schema.disambiguate(
              m, m.all(Target.Column.class).stream().map(Target.Column::column).toList());
      if (d.measure instanceof Measure.Aggregate a
          && a.fn() == Aggregation.COUNT_DISTINCT
          && a.column().equals(column)) {
        d.use(c); // "how many different regions": its values are counted already
        return;
      }
      if (column != null && countsRowsOf(d, column.table())) {
        d.measure =
            new Measure.Aggregate(Aggregation.COUNT_DISTINCT, column, java.util.List.of(), null);
        d.metricName = null;
        d.use(c);
        d.use(m);
        d.note("'" + c.text() + " " + m.text() + "' → count of distinct " + column);
      }
      return;
    }
    if (d.metricName != null
        && m.all(Target.Metric.class).stream().anyMatch(x -> x.name().equals(d.metricName))
        && d.recon.metric(d.metricName).orElse(null) instanceof MetricDefinition.Aggregate def
        && def.aggregation() == Aggregation.COUNT_DISTINCT) {
      // "how many distinct clients borrowed": the metric counts distinct clients already
      d.use(c);
      d.note("'" + c.text() + " " + m.text() + "' → metric " + d.metricName + " counts each once");
      return;
    }
    Target.Table t = m.one(Target.Table.class);
    if (t != null && countsEachOnce(d, t.table())) {
      d.use(c);
      d.note("'" + c.text() + " " + m.text() + "' → each " + t.table() + " counted once");
    }
  }

  /** Whether the answer counts the rows of the table by its key (each row once). */
  private static boolean countsRowsOf(Draft d, String table) {
    ColumnRef key = d.schema.primaryKey(table);
    if (key == null) {
      return false;
    }
    if (d.measure instanceof Measure.Aggregate a) {
      return a.fn() == Aggregation.COUNT && a.column().equals(key) && a.filters().isEmpty();
    }
    return d.measure instanceof Measure.Metric mm
        && mm.filters().isEmpty()
        && d.recon.metric(mm.metric()).orElse(null) instanceof MetricDefinition.Aggregate def
        && def.aggregation() == Aggregation.COUNT
        && def.column().equals(key);
  }

  /**
   * Whether the answer counts each row of the table once: by the table's key, or as the distinct
   * values of a column that holds the table's key ("distinct borrowing clients").
   */
  private static boolean countsEachOnce(Draft d, String table) {
    if (!d.schema.hasSingleKey(table)) {
      return false;
    }
    ColumnRef key = d.schema.primaryKey(table);
    if (d.measure instanceof Measure.Aggregate a) {
      return (a.fn() == Aggregation.COUNT && a.column().equals(key))
          || (a.fn() == Aggregation.COUNT_DISTINCT && holdsKey(d, a.column(), table));
    }
    if (d.measure instanceof Measure.Metric mm
        && d.recon.metric(mm.metric()).orElse(null) instanceof MetricDefinition.Aggregate def) {
      return (def.aggregation() == Aggregation.COUNT && def.column().equals(key))
          || (def.aggregation() == Aggregation.COUNT_DISTINCT && holdsKey(d, def.column(), table));
    }
    return false;
  }

  private static boolean holdsKey(Draft d, ColumnRef column, String table) {
    return column.equals(d.schema.primaryKey(table))
        || column.equals(d.schema.foreignKey(column.table(), table));
  }

  /** The list will be distinct: every order it is cut by is on a column it shows. */
  private static boolean listedOnce(Draft d) {
    Set<ColumnRef> shown = new HashSet<>();
    for (Projection p : d.select) {
      if (p instanceof Projection.Column col) {
        shown.add(col.column());
      }
    }
    return !d.select.isEmpty()
        && d.listingOrder.stream()
            .allMatch(o -> o instanceof Order.ByColumn oc && shown.contains(oc.column()));
  }
}
