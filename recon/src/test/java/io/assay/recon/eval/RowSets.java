package io.assay.recon.eval;

import java.math.BigDecimal;
import java.math.MathContext;
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
