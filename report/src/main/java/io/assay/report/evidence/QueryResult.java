package io.assay.report.evidence;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The content of a query_result artifact: the composed SQL, column names and rows. Figures cite a
 * cell by {@link #pointer(int, int)}.
 */
public record QueryResult(String sql, List<String> columns, List<List<Object>> rows) {
  public QueryResult {
    columns = List.copyOf(columns);
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("a query result needs at least one column");
    }
    List<List<Object>> copy = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      List<Object> row = rows.get(i);
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            "row " + i + " has " + row.size() + " values for " + columns.size() + " columns");
      }
      copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
    }
    rows = Collections.unmodifiableList(copy);
  }

  /** JSON Pointer of a cell, for {@link io.assay.contract.finding.Operand}. */
  public static String pointer(int row, int column) {
    return "/rows/" + row + "/" + column;
  }
}
