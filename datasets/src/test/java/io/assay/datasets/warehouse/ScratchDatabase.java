package io.assay.datasets.warehouse;

import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** Databases beside the shared {@code assay} one, on the test server, for tests that load. */
final class ScratchDatabase {

  private ScratchDatabase() {}

  /** Dropped (if present) and created empty. */
  static DataSource fresh(String name) throws SQLException {
    try (Connection c = TestWarehouse.get().adminDataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      s.execute("CREATE DATABASE " + name);
    }
    return dataSource(name);
  }

  static void drop(String name) throws SQLException {
    try (Connection c = TestWarehouse.get().adminDataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
  }

  /** Created if missing, kept otherwise (it persists with the test data directory). */
  static DataSource existing(String name) throws SQLException {
    try (Connection c = TestWarehouse.get().adminDataSource().getConnection();
        PreparedStatement p = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
      p.setString(1, name);
      try (ResultSet rs = p.executeQuery()) {
        if (!rs.next()) {
          try (Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
          }
        }
      }
    }
    return dataSource(name);
  }

  static DataSource dataSource(String name) {
    TestWarehouse w = TestWarehouse.get();
    return w.server().dataSource(name, w.adminUsername(), w.adminPassword());
  }

  static long count(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
