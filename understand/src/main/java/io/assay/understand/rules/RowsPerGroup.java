package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Aggregation;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * "loans by status", "rentals per store", "payments per month": rows named alone, then how to group
 * them, with no word saying what to measure. Rows with no amount are counted; rows with one may
 * mean how many or how much, so the reader asks, with the count first.
 */
final class RowsPerGroup {

  private RowsPerGroup() {}

  /** True when the draft now measures the rows (or asks how). */
  static boolean apply(Draft d) {
    int group = grouping(d);
    if (group < 0) {
      return false;
    }
    // the rows are named before the grouping ("loans by status"), as one table's rows only
    Mention rows = null;
    for (int i = 0; i < group; i++) {
      if (d.at(i) instanceof Mention m
          && !d.isUsed(m)
          && m.all(Target.Table.class).size() == 1
          && !m.has(Target.Value.class)) {
        rows = m;
        break;
      }
    }
    if (rows == null) {
      return false;
    }
    String table = rows.one(Target.Table.class).table();
    String count = d.schema.plainCountMetricOrNull(table);
    if (count == null) {
      return false;
    }
    List<String> sums = d.schema.plainMetrics(table, Aggregation.SUM);
    String id = "rows-measure:" + rows.text().toLowerCase(Locale.ROOT);
    String answer = d.answers.get(id);
    String chosen =
        sums.isEmpty()
            ? count
            : answer != null && (answer.equals(count) || sums.contains(answer)) ? answer : null;
    if (chosen == null) {
      List<Clarification.Option> options = new ArrayList<>();
      options.add(new Clarification.Option(count, "how many " + rows.text()));
      for (String s : sums) {
        options.add(
            new Clarification.Option(s, d.recon.metric(s).map(m -> m.description()).orElse(s)));
      }
      d.ask(
          new Clarification(
              id, "metric", "'" + rows.text() + "': how many, or how much?", options));
      d.use(rows);
      return true;
    }
    d.use(rows);
    d.adoptMetric(chosen);
    d.note(
        "'"
            + rows.text()
            + "' grouped → metric "
            + chosen
            + (answer != null ? " (answered)" : " (the count of its rows)"));
    return true;
  }

  /**
   * The item index of the grouping word before a column or rows ("by status", "per store"), or of
   * the end when a grain groups ("per month", "monthly"); -1 when nothing groups.
   */
  private static int grouping(Draft d) {
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (d.at(i) instanceof Cue c
          && c.kind() == Kind.GROUP
          && d.at(i + 1) instanceof Mention m
          && (m.has(Target.Column.class) || m.has(Target.Table.class))) {
        return i;
      }
    }
    return d.grain != null ? d.items.size() : -1;
  }
}
