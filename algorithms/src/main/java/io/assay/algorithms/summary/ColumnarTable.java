package io.assay.algorithms.summary;

import java.math.BigDecimal;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A query result held column by column: numbers in {@code double[]} (NaN = missing), everything
 * else dictionary-encoded in {@code int[]} (-1 = missing). A million rows of ten columns take about
 * 60 MB. Build it row by row with {@link #builder} (streaming from a JDBC cursor) or hand over
 * whole arrays with {@link #ofColumns}.
 */
public final class ColumnarTable {
  private final List<ColumnSpec> columns;
  private final int rows;
  private final double[][] numbers;
  private final int[][] codes;
  private final List<List<String>> dictionaries;

  private ColumnarTable(
      List<ColumnSpec> columns,
      int rows,
      double[][] numbers,
      int[][] codes,
      List<List<String>> dictionaries) {
    this.columns = List.copyOf(columns);
    this.rows = rows;
    this.numbers = numbers;
    this.codes = codes;
    this.dictionaries = dictionaries;
  }

  public static Builder builder(List<ColumnSpec> columns) {
    return new Builder(columns);
  }

  /**
   * Wraps whole columns: a {@code double[]} per NUMBER column and a {@code String[]} (or {@code
   * Boolean[]}) per other column, all of the same length. Arrays are used as given, not copied.
   */
  public static ColumnarTable ofColumns(List<ColumnSpec> columns, List<Object> data) {
    if (columns.size() != data.size()) {
      throw new IllegalArgumentException(
          columns.size() + " column specs but " + data.size() + " data arrays");
    }
    int rows = -1;
    double[][] numbers = new double[columns.size()][];
    int[][] codes = new int[columns.size()][];
    List<List<String>> dicts = new ArrayList<>();
    for (int c = 0; c < columns.size(); c++) {
      ColumnSpec spec = columns.get(c);
      Object array = data.get(c);
      int length;
      List<String> dict = new ArrayList<>();
      if (spec.type() == ColumnType.NUMBER) {
        if (!(array instanceof double[] d)) {
          throw new IllegalArgumentException("column '" + spec.name() + "' needs a double[]");
        }
        numbers[c] = d;
        length = d.length;
      } else {
        if (!(array instanceof Object[] values)) {
          throw new IllegalArgumentException(
              "column '" + spec.name() + "' needs an array of values");
        }
        Map<String, Integer> lookup = new HashMap<>();
        int[] col = new int[values.length];
        for (int i = 0; i < values.length; i++) {
          col[i] = encode(spec, values[i], lookup, dict);
        }
        codes[c] = col;
        length = values.length;
      }
      dicts.add(dict);
      if (rows >= 0 && length != rows) {
        throw new IllegalArgumentException(
            "column '" + spec.name() + "' has " + length + " rows, expected " + rows);
      }
      rows = length;
    }
    return new ColumnarTable(columns, Math.max(rows, 0), numbers, codes, dicts);
  }

  private static int encode(
      ColumnSpec spec, Object value, Map<String, Integer> lookup, List<String> dict) {
    if (value == null) {
      return -1;
    }
    String text = text(spec, value);
    Integer code = lookup.get(text);
    if (code == null) {
      code = dict.size();
      dict.add(text);
      lookup.put(text, code);
    }
    return code;
  }

  private static String text(ColumnSpec spec, Object value) {
    if (spec.type() == ColumnType.BOOLEAN) {
      if (value instanceof Boolean b) {
        return b.toString();
      }
      String s = value.toString().trim().toLowerCase(java.util.Locale.ROOT);
      if (s.equals("true") || s.equals("false")) {
        return s;
      }
      throw new IllegalArgumentException(
          "column '" + spec.name() + "' is BOOLEAN but got '" + value + "'");
    }
    if (value instanceof TemporalAccessor || value instanceof java.util.Date) {
      return value instanceof java.sql.Timestamp ts
          ? ts.toLocalDateTime().toString()
          : value instanceof java.sql.Date d ? d.toLocalDate().toString() : value.toString();
    }
    return value.toString();
  }

  public List<ColumnSpec> columns() {
    return columns;
  }

  public int rowCount() {
    return rows;
  }

  boolean isNumeric(int c) {
    return numbers[c] != null;
  }

  double number(int c, int row) {
    return numbers[c][row];
  }

  double[] numberColumn(int c) {
    return numbers[c];
  }

  int code(int c, int row) {
    return codes[c][row];
  }

  int[] codeColumn(int c) {
    return codes[c];
  }

  String label(int c, int code) {
    return dictionaries.get(c).get(code);
  }

  int cardinality(int c) {
    return dictionaries.get(c).size();
  }

  boolean isMissing(int c, int row) {
    return isNumeric(c) ? Double.isNaN(numbers[c][row]) : codes[c][row] < 0;
  }

  /**
   * The cell as a JSON-friendly value: Double (integral values as Long), String, Boolean or null.
   */
  Object cell(int c, int row) {
    if (isNumeric(c)) {
      double v = numbers[c][row];
      if (Double.isNaN(v)) {
        return null;
      }
      if (v == Math.rint(v) && Math.abs(v) < 1e15) {
        return (long) v;
      }
      return v;
    }
    int code = codes[c][row];
    if (code < 0) {
      return null;
    }
    String s = dictionaries.get(c).get(code);
    return columns.get(c).type() == ColumnType.BOOLEAN ? Boolean.valueOf(s) : s;
  }

  /** Streaming builder: one {@link #add} per row; memory grows by doubling. */
  public static final class Builder {
    private final List<ColumnSpec> specs;
    private final double[][] numbers;
    private final int[][] codes;
    private final List<List<String>> dicts = new ArrayList<>();
    private final List<Map<String, Integer>> lookups = new ArrayList<>();
    private int rows;

    private Builder(List<ColumnSpec> specs) {
      Objects.requireNonNull(specs, "columns");
      if (specs.isEmpty()) {
        throw new IllegalArgumentException("a table needs at least one column");
      }
      if (specs.stream().map(ColumnSpec::name).distinct().count() != specs.size()) {
        throw new IllegalArgumentException("column names repeat");
      }
      this.specs = List.copyOf(specs);
      this.numbers = new double[specs.size()][];
      this.codes = new int[specs.size()][];
      for (int c = 0; c < specs.size(); c++) {
        if (specs.get(c).type() == ColumnType.NUMBER) {
          numbers[c] = new double[1024];
        } else {
          codes[c] = new int[1024];
        }
        dicts.add(new ArrayList<>());
        lookups.add(new HashMap<>());
      }
    }

    /** Appends a row; values in column order. Numbers may be any {@link Number} or numeric text. */
    public Builder add(Object... values) {
      if (values.length != specs.size()) {
        throw new IllegalArgumentException(
            "row " + rows + " has " + values.length + " values for " + specs.size() + " columns");
      }
      if (rows == capacity()) {
        grow();
      }
      for (int c = 0; c < values.length; c++) {
        Object v = values[c];
        if (numbers[c] != null) {
          numbers[c][rows] = toDouble(specs.get(c), v, rows);
        } else {
          codes[c][rows] = encode(specs.get(c), v, lookups.get(c), dicts.get(c));
        }
      }
      rows++;
      return this;
    }

    private static double toDouble(ColumnSpec spec, Object v, int row) {
      if (v == null) {
        return Double.NaN;
      }
      if (v instanceof Number n) {
        return n instanceof BigDecimal bd ? bd.doubleValue() : n.doubleValue();
      }
      try {
        return Double.parseDouble(v.toString().trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "row " + row + ", column '" + spec.name() + "': not a number: '" + v + "'");
      }
    }

    private int capacity() {
      return numbers[0] != null ? numbers[0].length : codes[0].length;
    }

    private void grow() {
      int cap = capacity() * 2;
      for (int c = 0; c < specs.size(); c++) {
        if (numbers[c] != null) {
          numbers[c] = Arrays.copyOf(numbers[c], cap);
        } else {
          codes[c] = Arrays.copyOf(codes[c], cap);
        }
      }
    }

    public ColumnarTable build() {
      double[][] n = new double[specs.size()][];
      int[][] k = new int[specs.size()][];
      for (int c = 0; c < specs.size(); c++) {
        n[c] = numbers[c] == null ? null : Arrays.copyOf(numbers[c], rows);
        k[c] = codes[c] == null ? null : Arrays.copyOf(codes[c], rows);
      }
      return new ColumnarTable(specs, rows, n, k, dicts.stream().map(List::copyOf).toList());
    }
  }
}
