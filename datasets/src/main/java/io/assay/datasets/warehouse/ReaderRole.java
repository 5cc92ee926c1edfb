package io.assay.datasets.warehouse;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The read-only role of analysis queries: USAGE on schema financial and SELECT on its tables,
 * nothing else; read-only transactions by default, search_path financial, a statement timeout. The
 * privileges are the guarantee (a session may switch the read-only default off, but still may not
 * write a table it has no privilege on).
 */
public final class ReaderRole {

  private ReaderRole() {}

  /**
   * Creates or updates the role (password, settings) and grants it read access to the tables
   * already in schema financial. Idempotent. Runs in its own transaction.
   */
  public static void ensure(DataSource admin, ReaderSettings settings) {
    try (Connection c = admin.getConnection()) {
      c.setAutoCommit(false);
      ensure(c, settings);
      c.commit();
    } catch (SQLException e) {
      throw new WarehouseException(
          "Cannot set up read-only role " + settings.role() + ": " + e.getMessage(), e);
    }
  }

  static void ensure(Connection c, ReaderSettings settings) throws SQLException {
    if (canManageRoles(c)) {
      ensureRole(c, settings);
    } else if (!exists(c, settings.role())) {
      throw new SQLException(
          "role "
              + settings.role()
              + " does not exist and "
              + "this connection's role may not create it; create it as a superuser first");
    }
    grant(c, settings);
  }

  /**
   * Creates or updates only the role itself (login, password, read-only default, search path,
   * timeout): what needs a superuser when the owner of the warehouse is not one.
   */
  public static void ensureRole(DataSource superuser, ReaderSettings settings) {
    try (Connection c = superuser.getConnection()) {
      ensureRole(c, settings);
    } catch (SQLException e) {
      throw new WarehouseException(
          "Cannot set up read-only role " + settings.role() + ": " + e.getMessage(), e);
    }
  }

  private static void ensureRole(Connection c, ReaderSettings settings) throws SQLException {
    String role = settings.role();
    String password = "'" + settings.password().replace("'", "''") + "'";
    boolean exists = exists(c, role);
    long timeoutMillis = settings.statementTimeout().toMillis();
    try (Statement s = c.createStatement()) {
      String attributes =
          " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD "
              + password;
      s.execute((exists ? "ALTER ROLE " : "CREATE ROLE ") + role + attributes);
      s.execute("ALTER ROLE " + role + " SET default_transaction_read_only = on");
      s.execute("ALTER ROLE " + role + " SET search_path = " + FinancialWarehouse.SCHEMA);
      s.execute("ALTER ROLE " + role + " SET statement_timeout = " + timeoutMillis);
    }
  }

  private static void grant(Connection c, ReaderSettings settings) throws SQLException {
    String role = settings.role();
    String database;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT quote_ident(current_database())")) {
      rs.next();
      database = rs.getString(1);
    }
    try (Statement s = c.createStatement()) {
      s.execute("GRANT CONNECT ON DATABASE " + database + " TO " + role);
      // PostgreSQL 14 lets every role create tables in schema public; 15 no longer does.
      s.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
      s.execute("CREATE SCHEMA IF NOT EXISTS " + FinancialWarehouse.SCHEMA);
      s.execute("GRANT USAGE ON SCHEMA " + FinancialWarehouse.SCHEMA + " TO " + role);
      s.execute(
          "GRANT SELECT ON ALL TABLES IN SCHEMA " + FinancialWarehouse.SCHEMA + " TO " + role);
    }
  }

  /**
   * Grants {@code role} USAGE on {@code schema} and SELECT on every table in it (run after a
   * dataset's tables are created; tables created later need another call).
   */
  public static void grantSchema(Connection c, String role, String schema) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
      s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
    }
  }

  private static boolean canManageRoles(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user")) {
      return rs.next() && rs.getBoolean(1);
    }
  }

  private static boolean exists(Connection c, String role) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
      p.setString(1, role);
      try (ResultSet rs = p.executeQuery()) {
        return rs.next();
      }
    }
  }

  /** Connections as the reader to the database of {@code jdbcUrl} (a URL without credentials). */
  public static DataSource dataSource(String jdbcUrl, ReaderSettings settings) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setUrl(jdbcUrl);
    ds.setUser(settings.role());
    ds.setPassword(settings.password());
    return ds;
  }
}
