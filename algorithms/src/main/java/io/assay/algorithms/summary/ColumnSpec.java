package io.assay.algorithms.summary;

import java.util.Objects;

/** Name, type and role of one column of a result table. */
public record ColumnSpec(String name, ColumnType type, ColumnRole role) {

  public ColumnSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    role = role == null ? ColumnRole.defaultFor(type) : role;
    if (role == ColumnRole.METRIC && type != ColumnType.NUMBER) {
      throw new IllegalArgumentException("metric column '" + name + "' must be a NUMBER");
    }
  }

  public static ColumnSpec of(String name, ColumnType type) {
    return new ColumnSpec(name, type, null);
  }
}
