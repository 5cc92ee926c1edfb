package io.assay.contract.finding;

import java.util.List;

/**
 * What data a step looked at, as a summary: never the rows themselves, which stay in a query_result
 * artifact and travel by reference.
 */
public record DataDescription(String summary, long rowCount, List<String> columns) {
  public DataDescription {
    summary = summary == null ? "" : summary.strip();
    if (rowCount < 0) {
      throw new IllegalArgumentException("row count cannot be negative: " + rowCount);
    }
    columns = columns == null ? List.of() : List.copyOf(columns);
  }

  public static DataDescription none() {
    return new DataDescription("", 0, List.of());
  }
}
