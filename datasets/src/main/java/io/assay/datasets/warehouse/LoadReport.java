package io.assay.datasets.warehouse;

import java.util.List;

/**
 * What one {@link FinancialWarehouse#load} did.
 *
 * @param source what was loaded (directory or synthetic, with the fingerprint)
 * @param tables every warehouse table, loaded now or found loaded
 * @param readMillis reading and checking the source tables (0 if nothing needed loading)
 * @param generateMillis generating trans (0 if it was already loaded)
 * @param constraintMillis adding foreign keys that were missing
 * @param totalMillis the whole call, wall clock
 */
public record LoadReport(
    String source,
    List<TableLoad> tables,
    long readMillis,
    long generateMillis,
    long constraintMillis,
    long totalMillis) {

  /**
   * One table.
   *
   * @param rows rows in the table
   * @param millis time of its load transaction (COPY, indexes, analyze); 0 when skipped
   * @param loaded true when loaded by this call, false when it was already loaded
   */
  public record TableLoad(String table, long rows, long millis, boolean loaded) {}

  public LoadReport {
    tables = List.copyOf(tables);
  }

  public boolean loadedAnything() {
    return tables.stream().anyMatch(TableLoad::loaded);
  }

  public long rowsLoaded() {
    return tables.stream().filter(TableLoad::loaded).mapToLong(TableLoad::rows).sum();
  }

  public TableLoad table(String name) {
    return tables.stream()
        .filter(t -> t.table().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no table " + name));
  }

  /** Multi-line human summary, one line per table. */
  public String summary() {
    StringBuilder s = new StringBuilder();
    s.append("financial warehouse from ").append(source).append('\n');
    for (TableLoad t : tables) {
      s.append(
          String.format(
              "  %-8s %,10d rows  %s%n",
              t.table(), t.rows(), t.loaded() ? t.millis() + " ms" : "already loaded"));
    }
    s.append(
        String.format(
            "  read %d ms, generate %d ms, constraints %d ms, total %d ms",
            readMillis, generateMillis, constraintMillis, totalMillis));
    return s.toString();
  }
}
