package io.assay.algorithms.forecast;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Value and timestamp extraction from a raw series (spec A1). A raw series is a list whose items
 * are bare numbers, rows (maps) or anything else; invalid items are dropped silently, so the
 * extracted list can be shorter than the input.
 */
public final class SeriesValues {
  /** Default key of the metric inside a row. */
  public static final String DEFAULT_TARGET_COLUMN = "value";

  private static final List<String> TIMESTAMP_KEYS =
      List.of("timestamp", "time", "datetime", "date", "ts", "dt", "period");

  private SeriesValues() {}

  /**
   * The numeric values of {@code rows} in order. Bare numbers count (booleans do not); a row counts
   * when it holds {@code targetColumn} with a value Python's {@code float()} accepts. Non-finite
   * values are dropped.
   */
  public static double[] extract(List<?> rows, String targetColumn) {
    if (rows == null) {
      return new double[0];
    }
    String column = targetColumn == null ? DEFAULT_TARGET_COLUMN : targetColumn;
    double[] out = new double[rows.size()];
    int count = 0;
    for (Object item : rows) {
      Double value = valueOf(item, column);
      if (value != null) {
        out[count++] = value;
      }
    }
    return count == out.length ? out : java.util.Arrays.copyOf(out, count);
  }

  /** The value of one item, or {@code null} when the item is skipped by extraction. */
  public static Double valueOf(Object item, String targetColumn) {
    if (item instanceof Number n) {
      double v = n.doubleValue();
      return Double.isFinite(v) ? v : null;
    }
    if (item instanceof Map<?, ?> row) {
      String column = targetColumn == null ? DEFAULT_TARGET_COLUMN : targetColumn;
      return row.containsKey(column) ? PyFloat.parse(row.get(column)) : null;
    }
    return null;
  }

  /**
   * The timestamp of a row: the value under the first of timestamp, time, datetime, date, ts, dt,
   * period that is present (possibly null). Bare numbers and other items have none.
   */
  public static Object timestampOf(Object item) {
    if (item instanceof Map<?, ?> row) {
      for (String key : TIMESTAMP_KEYS) {
        if (row.containsKey(key)) {
          return row.get(key);
        }
      }
    }
    return null;
  }

  /** Wraps a plain array as a raw series of bare numbers. */
  public static List<Object> of(double... values) {
    List<Object> rows = new ArrayList<>(values.length);
    for (double v : values) {
      rows.add(v);
    }
    return rows;
  }
}
