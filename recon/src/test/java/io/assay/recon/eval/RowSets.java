package io.assay.recon.eval;

import io.assay.datasets.testing.TestWarehouse;
import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Compares query results as sets of rows (order ignored, column order kept). Numbers compare at six
 * significant digits, because BIRD's gold SQL computes ratios in REAL (float4) and the composer in
 * double precision.
 */
final class RowSets {

  private static final MathContext PRECISION = new MathContext(6);

  private RowSets() {}

  /** The rows {@code sql} returns on the shared test warehouse, as the reader role sees them. */
  static List<List<Object>> rowsOf(String sql) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    try (Connection c = TestWarehouse.get().readerDataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(rs.getObject(i));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  static Set<List<Object>> normalize(List<List<Object>> rows) {
    Set<List<Object>> out = new LinkedHashSet<>();
    for (List<Object> row : rows) {
      List<Object> r = new ArrayList<>();
      for (Object v : row) {
        r.add(value(v));
      }
      out.add(r);
    }
    return out;
  }

  private static Object value(Object v) {
    if (v instanceof Number n) {
      double d = n.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        return String.valueOf(d);
      }
      BigDecimal b = new BigDecimal(n.toString()).round(PRECISION).stripTrailingZeros();
      return b.signum() == 0 ? BigDecimal.ZERO : b;
    }
    return v == null ? "∅" : v.toString();
  }
}
