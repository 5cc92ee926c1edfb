package io.assay.contract.finding;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A small summary table: label columns (names, codes) then value columns (numbers). A table in a
 * Finding is a summary for people; full query results stay in a query_result artifact.
 */
public record TableData(
    String id,
    String title,
    List<String> labelColumns,
    List<ValueColumn> valueColumns,
    List<Row> rows,
    ArtifactRef source)
    implements ChartData {

  public static final int MAX_ROWS = 100;

  public record ValueColumn(String name, String unit, DisplayFormat format) {
    public ValueColumn {
      if (name == null || name.isBlank() || format == null) {
        throw new IllegalArgumentException("a value column needs a name and a display format");
      }
      unit = unit == null ? "" : unit.strip();
    }
  }

  /** One row; a null value is a missing number and is printed as a dash. */
  public record Row(List<String> labels, List<Double> values) {
    public Row {
      labels = List.copyOf(labels);
      values = Collections.unmodifiableList(new ArrayList<>(values));
      for (Double v : values) {
        if (v != null) {
          ChartData.finite(v, "table value");
        }
      }
    }
  }

  public TableData {
    ChartData.requireId(id);
    title = ChartData.requireTitle(title, id);
    labelColumns = List.copyOf(labelColumns);
    valueColumns = List.copyOf(valueColumns);
    rows = List.copyOf(rows);
    if (labelColumns.isEmpty() && valueColumns.isEmpty()) {
      throw new IllegalArgumentException("table " + id + " has no columns");
    }
    if (rows.size() > MAX_ROWS) {
      throw new IllegalArgumentException(
          "table "
              + id
              + " has "
              + rows.size()
              + " rows; a Finding carries at most "
              + MAX_ROWS
              + " — store the full result as a query_result artifact and summarise it");
    }
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      if (row.labels().size() != labelColumns.size()
          || row.values().size() != valueColumns.size()) {
        throw new IllegalArgumentException(
            "row " + i + " of table " + id + " does not match its columns");
      }
    }
  }

  @Override
  public TableData withSource(ArtifactRef ref) {
    return new TableData(id, title, labelColumns, valueColumns, rows, ref);
  }
}
