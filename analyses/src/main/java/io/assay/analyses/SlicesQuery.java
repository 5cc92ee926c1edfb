package io.assay.analyses;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import io.assay.recon.compose.OutputColumn;
import io.assay.recon.compose.SqlText;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.joins.JoinStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Several breakdowns of one sum or count over time read in one scan: recon composes the Pick
 * grouped by the period and every column at once (its joins, filters and binds as for any Pick),
 * and this query rolls that result up into one grouping set per column. A sum or a count adds up
 * over the finer groups, so each set holds what the Pick grouped by the period and that column
 * alone would hold.
 *
 * <p>Used only where the rows are the same for every column: each column's table is reached from
 * the metric's table by many-to-one joins over key columns that cannot be NULL (a declared
 * relationship references its table's primary key), so joining the other columns' tables neither
 * repeats nor drops a row. Otherwise the breakdowns are read one by one.
 */
final class SlicesQuery {
  private SlicesQuery() {}

  static Optional<ComposedQuery> compose(Pick pick, Recon recon) {
    if (!shareRows(pick, recon)) {
      return Optional.empty();
    }
    ComposedQuery grouped;
    try {
      grouped = Composer.compose(pick, recon);
    } catch (PickValidationError e) {
      return Optional.empty();
    }
    String period = null;
    String value = null;
    List<String> dims = new ArrayList<>();
    for (OutputColumn c : grouped.columns()) {
      switch (c.role()) {
        case PERIOD -> period = c.name();
        case MEASURE -> value = c.name();
        case DIMENSION -> {
          if (c.name().equalsIgnoreCase(Warehouse.SLICE)) {
            return Optional.empty();
          }
          dims.add(c.name());
        }
        default -> {
          return Optional.empty();
        }
      }
    }
    if (period == null || value == null || dims.size() != pick.groupBy().size()) {
      return Optional.empty();
    }
    return Optional.of(rollUp(grouped, period, value, dims));
  }

  /**
   * One measure (a recon metric that is a sum or a count), a grain, two or more grouped columns,
   * nothing that needs the finer groups (having, ranking, limits), and every column's table reached
   * many-to-one over non-null keys.
   */
  private static boolean shareRows(Pick pick, Recon recon) {
    if (pick.grain() == null
        || pick.groupBy().size() < 2
        || pick.measures().size() != 1
        || !(pick.measures().get(0) instanceof Measure.Metric m)
        || !m.filters().isEmpty()
        || !pick.having().isEmpty()
        || pick.limit() != null
        || pick.offset() != null
        || pick.limitPer() != null
        || pick.distinct()
        || !pick.select().isEmpty()) {
      return false;
    }
    MetricDefinition def = recon.metric(m.metric()).orElse(null);
    if (def == null || !MetricTraits.additive(def)) {
      return false;
    }
    String root = def.table();
    for (ColumnRef c : pick.groupBy()) {
      if (c == null || !manyToOne(recon, root, c.table())) {
        return false;
      }
    }
    return true;
  }

  /** Every hop from {@code root} to {@code table} is many-to-one over a key that is never NULL. */
  private static boolean manyToOne(Recon recon, String root, String table) {
    if (table.equals(root)) {
      return true;
    }
    Optional<JoinPath> path = recon.joins().path(root, table);
    if (path.isEmpty()) {
      return false;
    }
    for (JoinStep s : path.get().steps()) {
      Optional<ColumnInfo> key = recon.column(new ColumnRef(s.fromTable(), s.fromColumn()));
      if (s.fansOut() || key.isEmpty() || key.get().nullable()) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code SELECT slice, period, dims…, SUM(value) FROM (grouped) GROUP BY GROUPING SETS ((period,
   * d1), (period, d2), …)}, ordered by slice, period and the column's value (NULL last), as the
   * Pick of one column ordered by period and that column would be.
   */
  private static ComposedQuery rollUp(
      ComposedQuery grouped, String period, String value, List<String> dims) {
    StringBuilder slice = new StringBuilder("case");
    List<String> sets = new ArrayList<>();
    List<String> order = new ArrayList<>();
    for (int i = 0; i < dims.size(); i++) {
      String d = quote(dims.get(i));
      slice.append(" when grouping(").append(d).append(") = 0 then ").append(i);
      sets.add("(" + quote(period) + ", " + d + ")");
      order.add(d + " asc nulls last");
    }
    slice.append(" end");
    String sql =
        "select "
            + slice
            + " as "
            + quote(Warehouse.SLICE)
            + ", "
            + quote(period)
            + ", "
            + String.join(", ", dims.stream().map(SlicesQuery::quote).toList())
            + ", sum("
            + quote(value)
            + ") as "
            + quote(value)
            + " from ("
            + unordered(grouped.sql())
            + ") as \"grouped\" group by grouping sets ("
            + String.join(", ", sets)
            + ") order by "
            + quote(Warehouse.SLICE)
            + " asc, "
            + quote(period)
            + " asc nulls last, "
            + String.join(", ", order);
    List<OutputColumn> columns = new ArrayList<>();
    columns.add(
        new OutputColumn(
            Warehouse.SLICE,
            OutputColumn.Role.COLUMN,
            null,
            "index of the grouped column of the row",
            null,
            null));
    columns.addAll(grouped.columns());
    return new ComposedQuery(sql, grouped.binds(), columns, grouped.joins(), grouped.warnings());
  }

  /**
   * The grouped query without its trailing top-level ORDER BY: the roll-up orders its own rows, and
   * a sorted subquery makes PostgreSQL sort every fine group (by all the columns at once, spilling
   * to disk on a large table) where hashing them costs half the CPU. Kept as it is when the ORDER
   * BY holds a placeholder (its bind would be lost) or something follows it (a LIMIT changes rows).
   */
  static String unordered(String sql) {
    String plain = SqlText.blankQuoted(sql);
    int depth = 0;
    int lastOrder = -1;
    for (int i = 0; i < plain.length(); i++) {
      char c = plain.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (depth == 0 && plain.regionMatches(true, i, " order by ", 0, 10)) {
        lastOrder = i;
      }
    }
    if (lastOrder < 0) {
      return sql;
    }
    String tail = sql.substring(lastOrder).toLowerCase(java.util.Locale.ROOT);
    if (tail.indexOf('?') >= 0
        || tail.contains(" limit ")
        || tail.contains(" offset ")
        || tail.contains(" fetch ")) {
      return sql;
    }
    return sql.substring(0, lastOrder);
  }

  private static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
