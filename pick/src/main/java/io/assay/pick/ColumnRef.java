package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * A column of the warehouse, written {@code "table.column"} in JSON (for example {@code
 * "district.a11"}). Names are case-insensitive and stored lower-case, matching how PostgreSQL folds
 * the BIRD identifiers. Whether the column exists is checked by the composer against recon.
 */
public record ColumnRef(String table, String column) {

  public ColumnRef {
    if (table == null || table.isBlank() || column == null || column.isBlank()) {
      throw new PickValidationError(
          "a column must be written table.column (for example 'loan.amount'), got '"
              + table
              + "."
              + column
              + "'");
    }
    table = table.strip().toLowerCase(Locale.ROOT);
    column = column.strip().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code "table.column"}. */
  @JsonCreator
  public static ColumnRef parse(String qualified) {
    if (qualified == null) {
      throw new PickValidationError("a column reference is missing (expected 'table.column')");
    }
    int dot = qualified.indexOf('.');
    if (dot <= 0 || dot == qualified.length() - 1 || qualified.indexOf('.', dot + 1) >= 0) {
      throw new PickValidationError(
          "'" + qualified + "' is not a column reference; write table.column, e.g. 'loan.amount'");
    }
    return new ColumnRef(qualified.substring(0, dot), qualified.substring(dot + 1));
  }

  /** Shorthand for {@link #parse(String)}. */
  public static ColumnRef of(String qualified) {
    return parse(qualified);
  }

  @JsonValue
  @Override
  public String toString() {
    return table + "." + column;
  }
}
