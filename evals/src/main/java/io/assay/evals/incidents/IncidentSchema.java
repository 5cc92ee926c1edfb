package io.assay.evals.incidents;

import io.assay.analyses.Heartbeat;
import io.assay.analyses.ReconWarehouse;
import io.assay.analyses.Rows;
import io.assay.pick.Pick;
import io.assay.recon.Recon;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.execute.SqlExecutor;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * A copy of a dataset's schema for one benchmark run: every table copied, so injected incidents
 * never touch the served data. The copy is served as a dataset of its own ({@code ExternalCopy}),
 * and this class works on it through that dataset's recon. An incident deletes rows of the metric's
 * table (a drop) or inserts copies of rows under new keys (a spike); {@link #restore} undoes both
 * before the next case. Dropped on close.
 */
public final class IncidentSchema implements AutoCloseable {
  /** Copies get keys from here up; at most {@link #MAX_COPIES} copies of a row. */
  static final long KEY_OFFSET = 500_000_000L;

  static final int MAX_COPIES = 3;

  final String schema;
  final String source;
  final Recon recon;
  final ReconWarehouse warehouse;
  private final DataSource admin;
  private final List<Runnable> undo = new ArrayList<>();

  private IncidentSchema(
      String schema, String source, Recon recon, ReconWarehouse warehouse, DataSource admin) {
    this.schema = schema;
    this.source = source;
    this.recon = recon;
    this.warehouse = warehouse;
    this.admin = admin;
  }

  /** The copy's schema name for a seed (one copy per run). */
  public static String name(long seed) {
    return "incident_eval_" + Math.abs(seed % 1_000_000);
  }

  /**
   * Copies every table of {@code source} into a fresh {@code schema} that {@code readerRole} may
   * read (a copy left by an interrupted run is replaced).
   */
  public static void copy(DataSource admin, String readerRole, String source, String schema)
      throws SQLException {
    try (Connection c = admin.getConnection();
        Statement s = c.createStatement()) {
      s.execute("drop schema if exists " + q(schema) + " cascade");
      s.execute("create schema " + q(schema));
      for (String table : tables(c, source)) {
        s.execute(
            "create table "
                + q(schema)
                + "."
                + q(table)
                + " as select * from "
                + q(source)
                + "."
                + q(table));
        s.execute("analyze " + q(schema) + "." + q(table));
      }
      s.execute("grant usage on schema " + q(schema) + " to " + q(readerRole));
      s.execute("grant select on all tables in schema " + q(schema) + " to " + q(readerRole));
    }
  }

  /**
   * The copy as served: {@code recon} is the copy dataset's (its schema is the copy's), {@code
   * reader} its read-only connections; {@code source} the schema it was copied from, which restores
   * read.
   */
  public static IncidentSchema attach(
      DataSource admin, DataSource reader, Recon recon, String source) {
    ReconWarehouse wh =
        new ReconWarehouse(recon, new SqlExecutor(reader, Duration.ofSeconds(120), 2_000_000));
    return new IncidentSchema(recon.schema(), source, recon, wh, admin);
  }

  /** Drops a copy (also one left by an interrupted run). */
  public static void drop(DataSource admin, String schema) throws SQLException {
    try (Connection c = admin.getConnection();
        Statement s = c.createStatement()) {
      s.execute("drop schema if exists " + q(schema) + " cascade");
    }
  }

  private static List<String> tables(Connection c, String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "select table_name from information_schema.tables where table_schema = ?"
                + " and table_type = 'BASE TABLE' order by table_name")) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  /** Rows of a composed Pick over the copy. */
  Rows rows(Pick pick) {
    ComposedQuery sql = warehouse.compose(pick);
    return warehouse.execute(sql, Heartbeat.NONE);
  }

  /** The single-column primary key of {@code table} in the served schema, or null. */
  String primaryKey(String table) throws SQLException {
    try (Connection c = admin.getConnection();
        ResultSet rs = c.getMetaData().getPrimaryKeys(null, source, table)) {
      String key = null;
      int n = 0;
      while (rs.next()) {
        key = rs.getString("COLUMN_NAME");
        n++;
      }
      return n == 1 ? key : null;
    }
  }

  /** Deletes the rows with these keys from the copy; restored by {@link #restore}. */
  void delete(String table, String key, List<Long> keys) throws SQLException {
    try (Connection c = admin.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "delete from " + q(schema) + "." + q(table) + " where " + q(key) + " = any(?)")) {
      Array a = c.createArrayOf("bigint", keys.toArray());
      ps.setArray(1, a);
      ps.executeUpdate();
    }
    undo.add(
        () ->
            run(
                "insert into "
                    + q(schema)
                    + "."
                    + q(table)
                    + " select * from "
                    + q(source)
                    + "."
                    + q(table)
                    + " where "
                    + q(key)
                    + " = any(?)",
                keys));
  }

  /** Inserts copy {@code copy} (1..MAX_COPIES) of the rows with these keys under new keys. */
  void duplicate(String table, String key, List<Long> keys, int copy) throws SQLException {
    if (copy < 1 || copy > MAX_COPIES) {
      throw new IllegalArgumentException("copy must be 1.." + MAX_COPIES);
    }
    List<String> cols = columns(table);
    StringBuilder select = new StringBuilder();
    for (String col : cols) {
      select.append(select.length() == 0 ? "" : ", ");
      select.append(col.equals(key) ? q(col) + " + " + (KEY_OFFSET * copy) : q(col));
    }
    String sql =
        "insert into "
            + q(schema)
            + "."
            + q(table)
            + " select "
            + select
            + " from "
            + q(source)
            + "."
            + q(table)
            + " where "
            + q(key)
            + " = any(?)";
    run(sql, keys);
    long lo = KEY_OFFSET * copy;
    undo.add(
        () ->
            run(
                "delete from "
                    + q(schema)
                    + "."
                    + q(table)
                    + " where "
                    + q(key)
                    + " >= "
                    + lo
                    + " and "
                    + q(key)
                    + " < "
                    + (lo + KEY_OFFSET)
                    + " and "
                    + q(key)
                    + " - "
                    + lo
                    + " = any(?)",
                keys));
  }

  private List<String> columns(String table) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = admin.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select column_name from information_schema.columns where table_schema = ? and"
                    + " table_name = ? order by ordinal_position")) {
      ps.setString(1, schema);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  private void run(String sql, List<Long> keys) {
    try (Connection c = admin.getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setArray(1, c.createArrayOf("bigint", keys.toArray()));
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("incident schema update failed: " + e.getMessage(), e);
    }
  }

  /** Undoes every change since the last restore, newest first. */
  void restore() {
    for (int i = undo.size() - 1; i >= 0; i--) {
      undo.get(i).run();
    }
    undo.clear();
  }

  static String q(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  @Override
  public void close() throws SQLException {
    restore();
    drop(admin, schema);
  }
}
