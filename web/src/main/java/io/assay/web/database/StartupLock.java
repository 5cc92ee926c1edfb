package io.assay.web.database;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session-level PostgreSQL advisory lock held on a connection of its own while one process sets
 * up the shared database. Held by the session, it is released when the session ends, so a process
 * killed mid-bootstrap does not block the others.
 */
final class StartupLock implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StartupLock.class);

  /** The lock's key: any bigint that other users of the database do not take ("assay" in hex). */
  static final long KEY = 0x6173736179L;

  private final DataSource admin;
  private final Connection connection;

  private StartupLock(DataSource admin, Connection connection) {
    this.admin = admin;
    this.connection = connection;
  }

  /** Waits until no other process is setting up this database, then holds the lock. */
  static StartupLock acquire(DataSource admin) {
    Connection c = null;
    try {
      c = admin.getConnection();
      c.setAutoCommit(true);
      if (!call(c, "SELECT pg_try_advisory_lock(?)")) {
        log.info("Another Assay process is setting up the database; waiting for it");
        try (PreparedStatement s = c.prepareStatement("SELECT pg_advisory_lock(?)")) {
          s.setLong(1, KEY);
          s.execute();
        }
      }
      return new StartupLock(admin, c);
    } catch (SQLException e) {
      closeQuietly(c);
      throw new IllegalStateException(
          "cannot take the start-up lock on the database: " + e.getMessage(), e);
    }
  }

  private static boolean call(Connection c, String sql) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.setLong(1, KEY);
      try (var rs = s.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  @Override
  public void close() {
    try {
      call(connection, "SELECT pg_advisory_unlock(?)");
      closeQuietly(connection);
    } catch (SQLException e) {
      // A pooled session would keep the lock: end the session instead of returning it.
      log.warn("Releasing the start-up lock failed ({}); ending its session", e.getMessage());
      if (admin instanceof HikariDataSource pool) {
        pool.evictConnection(connection);
      } else {
        closeQuietly(connection);
      }
    }
  }

  private static void closeQuietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // the session ends either way, and with it the lock
      }
    }
  }
}
