package io.assay.datasets.warehouse;

import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.financial.FinancialTables;
import io.assay.datasets.financial.TransGenerator;
import io.assay.datasets.financial.TransTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the financial warehouse into schema {@value #SCHEMA} and keeps it loaded.
 *
 * <p>Each table is loaded in one transaction that drops and recreates it, COPYs its rows, builds
 * its indexes, grants the reader SELECT, analyzes it and records it in {@value #MANIFEST} with the
 * source's fingerprint. A table whose manifest row carries the current fingerprint is skipped, so a
 * second load of the same source loads nothing, an interrupted load resumes with the tables it had
 * not committed, and a changed source (or generator version) reloads what it changes. The source
 * tables are read and checked in full before the first transaction, so bad input leaves the
 * warehouse as it was. Concurrent loaders serialise on an advisory lock.
 */
public final class FinancialWarehouse {

  public static final String SCHEMA = "financial";

  /** Bookkeeping lives outside schema financial, which holds exactly BIRD's eight tables. */
  public static final String MANIFEST_SCHEMA = "financial_meta";

  public static final String MANIFEST = MANIFEST_SCHEMA + ".load_manifest";

  private static final Logger log = LoggerFactory.getLogger(FinancialWarehouse.class);
  private static final long ADVISORY_LOCK = 0x4153534159L; // "ASSAY"
  private static final int COPY_BUFFER = 1 << 16;

  private final DataSource admin;
  private final ReaderSettings reader;

  /**
   * @param admin connections as the owner of the warehouse (may create schemas, roles, tables)
   * @param reader the read-only role to create or update and grant SELECT
   */
  public FinancialWarehouse(DataSource admin, ReaderSettings reader) {
    this.admin = admin;
    this.reader = reader;
  }

  /**
   * Loads what is not loaded yet from {@code source}; see the class comment.
   *
   * @throws io.assay.datasets.financial.FinancialDataException bad source data (file and line)
   * @throws WarehouseException a database failure; committed tables stay, the failing one is rolled
   *     back
   */
  public LoadReport load(FinancialSource source) {
    return load(source, false);
  }

  private LoadReport load(FinancialSource source, boolean everything) {
    long start = System.nanoTime();
    String fingerprint = source.fingerprint();
    String transFingerprint =
        fingerprint + ";trans-v" + TransGenerator.VERSION + ";seed=" + source.transSeed();
    try (Connection c = admin.getConnection()) {
      c.setAutoCommit(true);
      try (Statement s = c.createStatement()) {
        s.execute("SELECT pg_advisory_lock(" + ADVISORY_LOCK + ")");
      }
      try {
        return loadLocked(c, source, fingerprint, transFingerprint, everything, start);
      } finally {
        try (Statement s = c.createStatement()) {
          s.execute("SELECT pg_advisory_unlock(" + ADVISORY_LOCK + ")");
        }
      }
    } catch (SQLException e) {
      throw new WarehouseException("Loading the financial warehouse failed: " + e.getMessage(), e);
    }
  }

  /**
   * Loads every table again, whatever the manifest says: for a benchmark of the full load, or to
   * refresh a warehouse by hand. Each table is still replaced in its own transaction.
   */
  public LoadReport reload(FinancialSource source) {
    return load(source, true);
  }

  private LoadReport loadLocked(
      Connection c,
      FinancialSource source,
      String fingerprint,
      String transFingerprint,
      boolean everything,
      long start)
      throws SQLException {
    prepareSchemas(c);
    Map<String, Long> loadedRows =
        everything ? Map.of() : loadedTables(c, fingerprint, transFingerprint);

    List<WarehouseTable> missing = new ArrayList<>();
    for (WarehouseTable t : WarehouseTable.values()) {
      if (!loadedRows.containsKey(t.table)) {
        missing.add(t);
      }
    }
    long readMillis = 0;
    long generateMillis = 0;
    FinancialTables tables = null;
    TransTable trans = null;
    if (!missing.isEmpty()) {
      long t0 = System.nanoTime();
      tables = source.tables(); // reads and checks everything before the first write
      readMillis = millisSince(t0);
      if (missing.contains(WarehouseTable.TRANS)) {
        long t1 = System.nanoTime();
        trans = TransGenerator.generate(tables, source.transSeed());
        generateMillis = millisSince(t1);
      }
      log.info(
          "Loading {} table(s) of the financial warehouse from {}",
          missing.size(),
          source.description());
    }

    List<LoadReport.TableLoad> report = new ArrayList<>();
    for (WarehouseTable t : WarehouseTable.values()) {
      if (!missing.contains(t)) {
        report.add(new LoadReport.TableLoad(t.table, loadedRows.get(t.table), 0, false));
        continue;
      }
      long t0 = System.nanoTime();
      String tableFingerprint = t == WarehouseTable.TRANS ? transFingerprint : fingerprint;
      long rows = loadTable(c, t, tables, trans, tableFingerprint);
      long millis = millisSince(t0);
      log.info("Loaded {} ({} rows) in {} ms", t.table, rows, millis);
      report.add(new LoadReport.TableLoad(t.table, rows, millis, true));
    }
    long t0 = System.nanoTime();
    ensureForeignKeys(c);
    long constraintMillis = millisSince(t0);
    return new LoadReport(
        source.description() + " [" + fingerprint + "]",
        report,
        readMillis,
        generateMillis,
        constraintMillis,
        millisSince(start));
  }

  private void prepareSchemas(Connection c) throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
      s.execute("CREATE SCHEMA IF NOT EXISTS " + MANIFEST_SCHEMA);
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + MANIFEST
              + " (table_name text PRIMARY KEY, row_count bigint NOT NULL,"
              + " load_millis bigint NOT NULL, fingerprint text NOT NULL,"
              + " loaded_at timestamptz NOT NULL DEFAULT now())");
      ReaderRole.ensure(c, reader);
      c.commit();
    } catch (SQLException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  /** Tables recorded with the current fingerprint that still exist, with their row counts. */
  private static Map<String, Long> loadedTables(
      Connection c, String fingerprint, String transFingerprint) throws SQLException {
    Map<String, Long> loaded = new HashMap<>();
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT m.table_name, m.row_count, m.fingerprint FROM "
                + MANIFEST
                + " m WHERE to_regclass(quote_ident(?) || '.' || quote_ident(m.table_name))"
                + " IS NOT NULL")) {
      p.setString(1, SCHEMA);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          String table = rs.getString(1);
          String expected =
              WarehouseTable.TRANS.table.equals(table) ? transFingerprint : fingerprint;
          if (expected.equals(rs.getString(3))) {
            loaded.put(table, rs.getLong(2));
          }
        }
      }
    }
    return loaded;
  }

  private long loadTable(
      Connection c, WarehouseTable t, FinancialTables tables, TransTable trans, String fingerprint)
      throws SQLException {
    String qualified = t.qualified(SCHEMA);
    c.setAutoCommit(false);
    long started = System.nanoTime();
    try {
      long rows;
      try (Statement s = c.createStatement()) {
        // CASCADE drops only foreign keys of other tables that point here; they are re-added.
        s.execute("DROP TABLE IF EXISTS " + qualified + " CASCADE");
        s.execute("CREATE TABLE " + qualified + " (" + t.columns + ")");
      }
      // FREEZE: the table is new in this transaction, so rows can be written frozen and later
      // reads need not set hint bits on a million rows.
      String copy = "COPY " + qualified + " FROM STDIN WITH (FORMAT text, FREEZE)";
      PGCopyOutputStream stream =
          new PGCopyOutputStream(c.unwrap(PGConnection.class), copy, COPY_BUFFER);
      // Not closed by try-with-resources: closing after endCopy would flush into a finished COPY.
      Writer out =
          new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), COPY_BUFFER);
      try {
        t.writeRows(tables, trans, out);
        out.flush();
        rows = stream.endCopy();
      } catch (IOException | RuntimeException e) {
        if (stream.isActive()) {
          stream.cancelCopy();
        }
        throw new SQLException("COPY into " + qualified + " failed: " + e.getMessage(), e);
      }
      try (Statement s = c.createStatement()) {
        for (String columns : t.indexes) {
          s.execute(
              "CREATE INDEX " + indexName(t, columns) + " ON " + qualified + " (" + columns + ")");
        }
        s.execute("GRANT SELECT ON " + qualified + " TO " + reader.role());
        s.execute("ANALYZE " + qualified);
      }
      try (PreparedStatement p =
          c.prepareStatement(
              "INSERT INTO "
                  + MANIFEST
                  + " (table_name, row_count, load_millis, fingerprint, loaded_at)"
                  + " VALUES (?, ?, ?, ?, now()) ON CONFLICT (table_name) DO UPDATE SET"
                  + " row_count = excluded.row_count, load_millis = excluded.load_millis,"
                  + " fingerprint = excluded.fingerprint, loaded_at = excluded.loaded_at")) {
        p.setString(1, t.table);
        p.setLong(2, rows);
        p.setLong(3, millisSince(started));
        p.setString(4, fingerprint);
        p.executeUpdate();
      }
      c.commit();
      return rows;
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  /** Adds BIRD's foreign keys that are missing (all of them after a first load). */
  private static void ensureForeignKeys(Connection c) throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      for (WarehouseTable t : WarehouseTable.values()) {
        for (String fk : t.foreignKeys) {
          String column = fk.substring(0, fk.indexOf(':'));
          WarehouseTable target = WarehouseTable.byName(fk.substring(fk.indexOf(':') + 1));
          String name = t.table + "_" + column + "_fkey";
          if (constraintExists(c, t, name)) {
            continue;
          }
          s.execute(
              "ALTER TABLE "
                  + t.qualified(SCHEMA)
                  + " ADD CONSTRAINT "
                  + name
                  + " FOREIGN KEY ("
                  + column
                  + ") REFERENCES "
                  + target.qualified(SCHEMA)
                  + " ("
                  + column
                  + ")");
        }
      }
      c.commit();
    } catch (SQLException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  private static boolean constraintExists(Connection c, WarehouseTable t, String name)
      throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT 1 FROM pg_constraint WHERE conname = ? AND conrelid = to_regclass(?)")) {
      p.setString(1, name);
      p.setString(2, t.qualified(SCHEMA));
      try (ResultSet rs = p.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static String indexName(WarehouseTable t, String columns) {
    return t.table + "_" + columns.replace("\"", "").replace(", ", "_") + "_idx";
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
