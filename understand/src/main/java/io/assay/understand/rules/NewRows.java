package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.Set;

/**
 * "Which year had the most new accounts?", "new customers per month in 2006": rows counted in a
 * period at the date their count is kept by (the dataset's time column of the plain count, such as
 * an opening or creation date) are the new ones of that period, so "new" is already read. Dated by
 * any other column, or not dated at all, "new" is left unexplained and the reader abstains.
 */
final class NewRows {

  private static final Set<String> NEW = Set.of("new", "newly");

  private NewRows() {}

  /** Whether {@code t} is "new" before rows the reading counts by their own creation date. */
  static boolean explains(Draft d, Token t) {
    if (!NEW.contains(t.norm()) || d.timeColumn == null || d.grain == null && d.time == null) {
      return false;
    }
    Mention rows =
        d.scan.mentions.stream().filter(m -> m.first() == t.index() + 1).findFirst().orElse(null);
    if (rows == null || rows.has(Target.Value.class)) {
      return false;
    }
    String table =
        rows.has(Target.Table.class)
            ? rows.one(Target.Table.class).table()
            : rows.all(Target.Metric.class).stream().map(Target::table).findFirst().orElse(null);
    String plain = table == null ? null : d.schema.plainCountMetricOrNull(table);
    ColumnRef created =
        plain == null ? null : d.recon.metric(plain).map(MetricDefinition::timeColumn).orElse(null);
    return created != null
        && created.equals(d.timeColumn)
        && table.equals(d.schema.measureTable(d.measure));
  }
}
