package io.assay.analyses;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * SQL the composer emitted for a Pick: the statement with {@code ?} placeholders, its bind values
 * in order (with their SQL type names), and what each output column holds.
 */
public record ComposedSql(
    String sql, List<Object> binds, List<String> bindTypes, List<Output> outputs) {

  /**
   * One output column.
   *
   * @param measure the column is a measure (metric or aggregate), not a label or a listed column
   * @param unit and {@code format} from the metric definition; null when there is none
   */
  public record Output(String name, boolean measure, String unit, String format) {}

  public ComposedSql {
    if (sql == null || sql.isBlank()) {
      throw new IllegalArgumentException("composed SQL is empty");
    }
    binds = binds == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(binds));
    bindTypes =
        bindTypes == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(bindTypes));
    outputs = outputs == null ? List.of() : List.copyOf(outputs);
  }

  /** The output named {@code column} (case-insensitive), or null. */
  public Output output(String column) {
    for (Output o : outputs) {
      if (o.name().equalsIgnoreCase(column)) {
        return o;
      }
    }
    return null;
  }
}
