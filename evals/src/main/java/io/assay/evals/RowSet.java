package io.assay.evals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The distinct rows of a result, for comparing a composed answer with the gold SQL's as BIRD does:
 * the SET of rows must be equal (order and duplicates ignored, column order kept). Numbers are
 * compared by value with a relative tolerance of 1e-5, because BIRD's gold SQL computes percentages
 * in single-precision REAL while the composer uses double precision.
 */
record RowSet(int columns, Set<List<Object>> rows) {

  static final double RELATIVE_TOLERANCE = 1e-5;

  static RowSet of(io.assay.recon.execute.QueryResult result) {
    Set<List<Object>> rows = new LinkedHashSet<>();
    for (List<Object> r : result.rows()) {
      List<Object> row = new ArrayList<>(r.size());
      for (Object v : r) {
        row.add(normalise(v));
      }
      rows.add(row);
    }
    return new RowSet(result.columns().size(), rows);
  }

  static Object normalise(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof Number num) {
      BigDecimal d = num instanceof BigDecimal b ? b : new BigDecimal(num.toString());
      return d.stripTrailingZeros();
    }
    if (v instanceof Date d) {
      return d.toLocalDate().toString();
    }
    if (v instanceof Timestamp t) {
      return dateTime(t.toLocalDateTime());
    }
    if (v instanceof java.time.LocalDateTime t) {
      return dateTime(t);
    }
    if (v instanceof java.time.OffsetDateTime t) {
      // the driver sets the session's time zone to the JVM's, which date_trunc worked in
      return dateTime(t.atZoneSameInstant(java.time.ZoneId.systemDefault()).toLocalDateTime());
    }
    if (v instanceof java.time.temporal.TemporalAccessor) {
      return v.toString();
    }
    return v.toString();
  }

  /**
   * A time at midnight is the day it starts: a gold query's date_trunc over a timestamp names the
   * same bucket as a composed query's date.
   */
  private static String dateTime(java.time.LocalDateTime t) {
    return t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)
        ? t.toLocalDate().toString()
        : t.toString();
  }

  /** Whether both hold the same rows (numbers within tolerance). */
  boolean sameAs(RowSet other) {
    if (columns != other.columns || rows.size() != other.rows.size()) {
      return false;
    }
    if (rows.equals(other.rows)) {
      return true;
    }
    List<List<Object>> unmatched = new ArrayList<>(other.rows);
    for (List<Object> row : rows) {
      boolean found = false;
      for (int i = 0; i < unmatched.size() && !found; i++) {
        if (rowEquals(row, unmatched.get(i))) {
          unmatched.remove(i);
          found = true;
        }
      }
      if (!found) {
        return false;
      }
    }
    return true;
  }

  private static boolean rowEquals(List<Object> a, List<Object> b) {
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      if (x instanceof BigDecimal dx && y instanceof BigDecimal dy) {
        if (!close(dx, dy)) {
          return false;
        }
      } else if (!Objects.equals(x, y)) {
        return false;
      }
    }
    return true;
  }

  private static boolean close(BigDecimal a, BigDecimal b) {
    if (a.compareTo(b) == 0) {
      return true;
    }
    BigDecimal diff = a.subtract(b).abs();
    BigDecimal scale = a.abs().max(b.abs());
    return diff.compareTo(
            scale.multiply(BigDecimal.valueOf(RELATIVE_TOLERANCE), MathContext.DECIMAL64))
        <= 0;
  }

  /** A short rendering of the first rows, for reports. */
  String preview(int max) {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    for (List<Object> row : rows) {
      if (i++ == max) {
        sb.append(" …");
        break;
      }
      sb.append(i == 1 ? "" : ", ").append(row);
    }
    return sb.toString();
  }
}
