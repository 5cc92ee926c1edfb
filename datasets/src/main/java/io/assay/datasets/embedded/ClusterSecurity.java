package io.assay.datasets.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Locks the embedded cluster down: password (scram-sha-256) authentication over 127.0.0.1 only, no
 * Unix-socket or trust access, and an owner role for the application that is not a superuser and
 * owns the database and everything in it. The superuser keeps a generated password and is used only
 * to set this up (and to create the read-only role).
 */
final class ClusterSecurity {
  static final String OWNER = "assay_owner";

  static final String SECURE_HBA =
      "# Written by Assay at every start: password logins over 127.0.0.1 only.\n"
          + "host all all 127.0.0.1/32 scram-sha-256\n";

  /** For a cluster created before passwords existed: trust, once, until they are set. */
  static final String SETUP_HBA =
      "# Written by Assay while it sets the passwords of an older cluster.\n"
          + "host all all 127.0.0.1/32 trust\n";

  private ClusterSecurity() {}

  static void writeHba(Path dataDirectory, String content) {
    try {
      Files.writeString(dataDirectory.resolve("pg_hba.conf"), content);
    } catch (IOException e) {
      throw new EmbeddedPostgresException(
          "Cannot write pg_hba.conf in " + dataDirectory + ": " + e.getMessage(), e);
    }
  }

  static void setSuperuserPassword(DataSource superuser, String password) {
    try (Connection c = superuser.getConnection();
        Statement s = c.createStatement()) {
      s.execute("SET password_encryption = 'scram-sha-256'");
      s.execute("ALTER ROLE postgres PASSWORD " + literal(password));
    } catch (SQLException e) {
      throw new EmbeddedPostgresException(
          "Cannot set the superuser's password: " + e.getMessage(), e);
    }
  }

  static void reload(DataSource superuser) {
    try (Connection c = superuser.getConnection();
        Statement s = c.createStatement()) {
      s.execute("SELECT pg_reload_conf()");
    } catch (SQLException e) {
      throw new EmbeddedPostgresException("Cannot reload pg_hba.conf: " + e.getMessage(), e);
    }
  }

  /**
   * Creates or updates the owner role and gives it the database and every object in it (a database
   * created before the role existed was the superuser's).
   */
  static void ensureOwner(DataSource superuserOnDatabase, String database, String password) {
    try (Connection c = superuserOnDatabase.getConnection()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("SET password_encryption = 'scram-sha-256'");
        boolean exists;
        try (PreparedStatement p = c.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
          p.setString(1, OWNER);
          try (ResultSet rs = p.executeQuery()) {
            exists = rs.next();
          }
        }
        s.execute(
            (exists ? "ALTER ROLE " : "CREATE ROLE ")
                + OWNER
                + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD "
                + literal(password));
        s.execute("ALTER DATABASE " + database + " OWNER TO " + OWNER);
        for (String statement : reassignments(c)) {
          s.execute(statement);
        }
      }
      c.commit();
    } catch (SQLException e) {
      throw new EmbeddedPostgresException(
          "Cannot set up the owner role " + OWNER + ": " + e.getMessage(), e);
    }
  }

  /** ALTER ... OWNER statements for what the owner role does not own yet. */
  private static List<String> reassignments(Connection c) throws SQLException {
    String userSchemas =
        " n.nspname NOT IN ('pg_catalog', 'information_schema')"
            + " AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'";
    List<String> out = new ArrayList<>();
    query(
        c,
        "SELECT 'ALTER SCHEMA ' || quote_ident(n.nspname) || ' OWNER TO "
            + OWNER
            + "' FROM pg_namespace n WHERE"
            + userSchemas
            + " AND pg_get_userbyid(n.nspowner) <> '"
            + OWNER
            + "'",
        out);
    // Sequences that belong to a column follow their table.
    query(
        c,
        "SELECT 'ALTER TABLE ' || quote_ident(n.nspname) || '.' || quote_ident(r.relname)"
            + " || ' OWNER TO "
            + OWNER
            + "' FROM pg_class r JOIN pg_namespace n ON n.oid = r.relnamespace WHERE"
            + userSchemas
            + " AND r.relkind IN ('r', 'p', 'v', 'f', 'S')"
            + " AND NOT (r.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d"
            + " WHERE d.objid = r.oid AND d.deptype IN ('a', 'i')))"
            + " AND pg_get_userbyid(r.relowner) <> '"
            + OWNER
            + "'",
        out);
    query(
        c,
        "SELECT 'ALTER FUNCTION ' || p.oid::regprocedure || ' OWNER TO "
            + OWNER
            + "' FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE"
            + userSchemas
            + " AND pg_get_userbyid(p.proowner) <> '"
            + OWNER
            + "'",
        out);
    return out;
  }

  private static void query(Connection c, String sql, List<String> out) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
  }

  static String literal(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
