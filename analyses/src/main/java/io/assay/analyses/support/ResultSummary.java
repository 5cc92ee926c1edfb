package io.assay.analyses.support;

import io.assay.algorithms.summary.ColumnRole;
import io.assay.algorithms.summary.ColumnSpec;
import io.assay.algorithms.summary.ColumnType;
import io.assay.algorithms.summary.ColumnarTable;
import io.assay.algorithms.summary.DataSummarizer;
import io.assay.algorithms.summary.DataSummary;
import io.assay.analyses.OutputColumns;
import io.assay.analyses.Rows;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.OutputColumn;
import java.math.BigDecimal;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A big query result as the algorithms module's data summary (profiles over every row plus
 * representative rows), so a Finding describes the data without carrying it.
 */
public final class ResultSummary {
  private ResultSummary() {}

  public static DataSummary of(Rows rows, ComposedQuery sql) {
    List<ColumnSpec> specs = new ArrayList<>();
    for (int c = 0; c < rows.columns().size(); c++) {
      String name = rows.columns().get(c);
      ColumnType type = type(rows, c);
      OutputColumn out = OutputColumns.named(sql, name);
      ColumnRole role = ColumnRole.defaultFor(type);
      if (type == ColumnType.NUMBER && !OutputColumns.measure(out) && identifier(name)) {
        role = ColumnRole.IDENTIFIER;
      } else if (type == ColumnType.TEXT && identifier(name)) {
        role = ColumnRole.IDENTIFIER;
      }
      specs.add(new ColumnSpec(name, type, role));
    }
    ColumnarTable.Builder b = ColumnarTable.builder(specs);
    for (List<Object> r : rows.rows()) {
      Object[] values = new Object[r.size()];
      for (int c = 0; c < r.size(); c++) {
        Object v = r.get(c);
        if (v instanceof java.sql.Date d) {
          v = d.toLocalDate().toString();
        } else if (v instanceof TemporalAccessor || v instanceof java.util.Date) {
          v = v.toString();
        }
        values[c] = v;
      }
      b.add(values);
    }
    return DataSummarizer.summarise(b.build());
  }

  private static boolean identifier(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.equals("id") || n.endsWith("_id") || n.equals("account") || n.endsWith("_number");
  }

  private static ColumnType type(Rows rows, int c) {
    for (List<Object> r : rows.rows()) {
      Object v = r.get(c);
      if (v == null) {
        continue;
      }
      if (v instanceof Number || v instanceof BigDecimal) {
        return ColumnType.NUMBER;
      }
      if (v instanceof Boolean) {
        return ColumnType.BOOLEAN;
      }
      if (v instanceof TemporalAccessor || v instanceof java.util.Date) {
        return ColumnType.TEMPORAL;
      }
      return ColumnType.TEXT;
    }
    return ColumnType.TEXT;
  }
}
