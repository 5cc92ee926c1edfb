package io.assay.datasets.dump;

import io.assay.datasets.warehouse.ReaderRole;
import io.assay.datasets.warehouse.ReaderSettings;
import io.assay.datasets.warehouse.WarehouseException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads a SQL dump ({@code COPY … FROM stdin} blocks) into its own schema and keeps it loaded.
 *
 * <p>The whole dataset is replaced in one transaction: drop and recreate the schema, apply the
 * {@link DumpPlan}, grant the reader USAGE and SELECT, analyze, and record the files' fingerprint
 * in {@value #MANIFEST}. A schema recorded with the current fingerprint is left alone, so a restart
 * loads nothing; a failed load leaves the previous content (or nothing) in place. Concurrent
 * loaders serialise on an advisory lock per dataset.
 */
public final class SqlDumpWarehouse {

  /** Bookkeeping of every dump-loaded dataset, outside the datasets' own schemas. */
  public static final String MANIFEST_SCHEMA = "assay_datasets";

  public static final String MANIFEST = MANIFEST_SCHEMA + ".dump_manifest";

  /** Part of the fingerprint: a change in how dumps are applied reloads them. */
  static final int VERSION = 1;

  private static final Logger log = LoggerFactory.getLogger(SqlDumpWarehouse.class);

  private final DataSource admin;
  private final ReaderSettings reader;

  /**
   * @param admin owner connections (may create schemas and the reader role)
   * @param reader the read-only role granted SELECT on the loaded schema
   */
  public SqlDumpWarehouse(DataSource admin, ReaderSettings reader) {
    this.admin = admin;
    this.reader = reader;
  }

  /** What one call did. */
  public record Result(
      String dataset, String schema, boolean loaded, long rows, int statements, long millis) {
    public String summary() {
      return loaded
          ? dataset
              + ": loaded "
              + rows
              + " rows ("
              + statements
              + " statements) into schema "
              + schema
              + " in "
              + millis
              + " ms"
          : dataset + ": schema " + schema + " already holds this dump";
    }
  }

  /**
   * Loads {@code files} (applied in order) into {@code schema} unless it already holds them.
   *
   * @param dataset the dataset's name (manifest key, lock)
   * @param dumpSchema the schema the dump qualifies its names with, e.g. {@code public}
   * @throws DumpFormatException a file that cannot be read or a statement that fails (file:line)
   * @throws WarehouseException a database failure outside the dump's statements
   */
  public Result load(String dataset, String schema, List<Path> files, String dumpSchema) {
    long start = System.nanoTime();
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        throw new DumpFormatException("dump file " + f + " of dataset " + dataset + " not found");
      }
    }
    String fingerprint = fingerprint(files, dumpSchema, schema);
    try (Connection c = admin.getConnection()) {
      c.setAutoCommit(true);
      lock(c, dataset, true);
      try {
        prepare(c);
        if (fingerprint.equals(loadedFingerprint(c, dataset, schema))) {
          ReaderRole.grantSchema(c, reader.role(), schema);
          return new Result(dataset, schema, false, 0, 0, millisSince(start));
        }
        DumpPlan plan = DumpPlan.read(files, dumpSchema, schema);
        Result r = apply(c, dataset, schema, plan, fingerprint, start);
        log.info(r.summary());
        return r;
      } finally {
        lock(c, dataset, false);
      }
    } catch (SQLException e) {
      throw new WarehouseException(
          "Loading dataset " + dataset + " into schema " + schema + " failed: " + e.getMessage(),
          e);
    }
  }

  private Result apply(
      Connection c, String dataset, String schema, DumpPlan plan, String fingerprint, long start)
      throws SQLException {
    c.setAutoCommit(false);
    long rows = 0;
    int count = 0;
    try {
      try (Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        s.execute("CREATE SCHEMA " + schema);
        s.execute("SET LOCAL search_path = " + schema + ", pg_catalog");
        s.execute("SET LOCAL check_function_bodies = false");
        s.execute("SET LOCAL client_min_messages = warning");
      }
      CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
      for (DumpStatement st : plan.ordered()) {
        rows += execute(c, copy, st);
        count++;
      }
      analyze(c, schema);
      ReaderRole.grantSchema(c, reader.role(), schema);
      record(c, dataset, schema, fingerprint, rows, millisSince(start));
      c.commit();
      return new Result(dataset, schema, true, rows, count, millisSince(start));
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  private static long execute(Connection c, CopyManager copy, DumpStatement st) {
    try {
      if (st instanceof DumpStatement.Copy cp) {
        return copy.copyIn(cp.header(), new StringReader(cp.data()));
      }
      try (Statement s = c.createStatement()) {
        s.execute(((DumpStatement.Sql) st).sql());
      }
      return 0;
    } catch (SQLException | IOException e) {
      throw new DumpFormatException(st.origin() + ": " + e.getMessage(), e);
    }
  }

  private static void analyze(Connection c, String schema) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT quote_ident(c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid ="
                + " c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p')")) {
      p.setString(1, schema);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
    }
    try (Statement s = c.createStatement()) {
      for (String t : tables) {
        s.execute("ANALYZE " + schema + "." + t);
      }
    }
  }

  private static void prepare(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA IF NOT EXISTS " + MANIFEST_SCHEMA);
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + MANIFEST
              + " (dataset text PRIMARY KEY, schema_name text NOT NULL, fingerprint text NOT NULL,"
              + " row_count bigint NOT NULL, load_millis bigint NOT NULL,"
              + " loaded_at timestamptz NOT NULL DEFAULT now())");
    }
  }

  /** The fingerprint recorded for the dataset, when its schema still exists. */
  private static String loadedFingerprint(Connection c, String dataset, String schema)
      throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT m.fingerprint FROM "
                + MANIFEST
                + " m JOIN pg_namespace n ON n.nspname = m.schema_name"
                + " WHERE m.dataset = ? AND m.schema_name = ?")) {
      p.setString(1, dataset);
      p.setString(2, schema);
      try (ResultSet rs = p.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  private static void record(
      Connection c, String dataset, String schema, String fingerprint, long rows, long millis)
      throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            "INSERT INTO "
                + MANIFEST
                + " (dataset, schema_name, fingerprint, row_count, load_millis, loaded_at)"
                + " VALUES (?, ?, ?, ?, ?, now()) ON CONFLICT (dataset) DO UPDATE SET"
                + " schema_name = excluded.schema_name, fingerprint = excluded.fingerprint,"
                + " row_count = excluded.row_count, load_millis = excluded.load_millis,"
                + " loaded_at = excluded.loaded_at")) {
      p.setString(1, dataset);
      p.setString(2, schema);
      p.setString(3, fingerprint);
      p.setLong(4, rows);
      p.setLong(5, millis);
      p.executeUpdate();
    }
  }

  private static void lock(Connection c, String dataset, boolean take) throws SQLException {
    try (PreparedStatement p =
        c.prepareStatement(
            take
                ? "SELECT pg_advisory_lock(hashtext('assay-dataset:' || ?))"
                : "SELECT pg_advisory_unlock(hashtext('assay-dataset:' || ?))")) {
      p.setString(1, dataset);
      p.execute();
    }
  }

  /** SHA-256 over the files' bytes, the schemas and {@link #VERSION}. */
  static String fingerprint(List<Path> files, String dumpSchema, String schema) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(("v" + VERSION + ";" + dumpSchema + ";" + schema + ";").getBytes());
      byte[] buffer = new byte[1 << 16];
      for (Path f : files) {
        sha.update(f.getFileName().toString().getBytes());
        try (InputStream in = new DigestInputStream(Files.newInputStream(f), sha)) {
          while (in.read(buffer) >= 0) {
            // the digest stream hashes what passes through
          }
        }
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (IOException e) {
      throw new DumpFormatException("cannot read dump files " + files + ": " + e.getMessage(), e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
