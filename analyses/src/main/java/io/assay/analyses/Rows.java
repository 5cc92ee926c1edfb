package io.assay.analyses;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A result set held in memory while an analysis computes; it never travels in a Finding (the
 * analysis stores it as a query_result artifact and summarises it).
 *
 * @param truncated the executor's row cap cut the result
 */
public record Rows(List<String> columns, List<List<Object>> rows, boolean truncated) {
  public Rows {
    columns = List.copyOf(columns);
    List<List<Object>> copy = new ArrayList<>(rows.size());
    for (List<Object> r : rows) {
      copy.add(Collections.unmodifiableList(new ArrayList<>(r)));
    }
    rows = Collections.unmodifiableList(copy);
  }

  public int size() {
    return rows.size();
  }

  /** Index of a column by name (case-insensitive); -1 when absent. */
  public int column(String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }
}
