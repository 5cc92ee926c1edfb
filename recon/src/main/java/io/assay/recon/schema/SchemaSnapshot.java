package io.assay.recon.schema;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * What introspection found in one database schema: tables, columns, types and keys (the structure),
 * plus the distinct values of low-cardinality text columns and the date range of each date column
 * (the data facts recon needs for the value index and for relative time filters).
 * JSON-serialisable, so a snapshot can stand in for a database in benchmarks and unit tests.
 */
public record SchemaSnapshot(
    String schema,
    List<Table> tables,
    Map<String, List<String>> textValues,
    Map<String, DateRange> dateRanges) {

  public SchemaSnapshot {
    tables = List.copyOf(tables);
    textValues = textValues == null ? Map.of() : Map.copyOf(textValues);
    dateRanges = dateRanges == null ? Map.of() : Map.copyOf(dateRanges);
  }

  /** One table; {@code primaryKey} is empty when the database declares none. */
  public record Table(String name, List<Column> columns, List<String> primaryKey, long rowCount) {
    public Table {
      columns = List.copyOf(columns);
      primaryKey = primaryKey == null ? List.of() : List.copyOf(primaryKey);
    }
  }

  /** One column: its PostgreSQL type name (int4, text, date, …) and nullability. */
  public record Column(String name, String sqlType, boolean nullable) {
    public ColumnType type() {
      return ColumnType.fromPostgres(sqlType);
    }
  }

  /** Earliest and latest value of a date column (null bounds when the column holds no dates). */
  public record DateRange(LocalDate min, LocalDate max) {}

  /**
   * The structure alone (no values, no date ranges, no row counts): what the fingerprint covers.
   */
  public SchemaSnapshot structure() {
    return new SchemaSnapshot(
        schema,
        tables.stream().map(t -> new Table(t.name(), t.columns(), t.primaryKey(), 0)).toList(),
        Map.of(),
        Map.of());
  }
}
