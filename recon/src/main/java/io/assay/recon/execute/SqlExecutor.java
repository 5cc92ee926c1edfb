package io.assay.recon.execute;

import io.assay.recon.compose.BindValue;
import io.assay.recon.compose.ComposedQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;

/**
 * Runs composed SQL on the read-only role: in a READ ONLY transaction that is always rolled back,
 * with a server-side statement timeout, a row cap (the result says whether it truncated), and
 * cancellation through a {@link CancelHandle}. Thread-safe; each call uses its own connection.
 */
public final class SqlExecutor {

  /** PostgreSQL's SQLSTATE for a statement cancelled by timeout or by request. */
  private static final String QUERY_CANCELED = "57014";

  private final DataSource reader;
  private final Duration timeout;
  private final int rowCap;

  /** With a 30 s timeout and a 10,000-row cap. */
  public SqlExecutor(DataSource reader) {
    this(reader, Duration.ofSeconds(30), 10_000);
  }

  public SqlExecutor(DataSource reader, Duration timeout, int rowCap) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("the statement timeout must be positive");
    }
    if (rowCap < 1) {
      throw new IllegalArgumentException("the row cap must be at least 1");
    }
    this.reader = reader;
    this.timeout = timeout;
    this.rowCap = rowCap;
  }

  public QueryResult execute(ComposedQuery query) {
    return execute(query.sql(), query.binds(), new CancelHandle());
  }

  public QueryResult execute(ComposedQuery query, CancelHandle cancel) {
    return execute(query.sql(), query.binds(), cancel);
  }

  /**
   * Runs one statement with {@code ?} placeholders bound to {@code binds} in order.
   *
   * @throws SqlExecutionException on timeout, cancellation or a database error
   */
  public QueryResult execute(String sql, List<BindValue> binds, CancelHandle cancel) {
    long start = System.nanoTime();
    try (Connection c = reader.getConnection()) {
      c.setReadOnly(true);
      c.setAutoCommit(false);
      try {
        try (Statement s = c.createStatement()) {
          s.execute("SET TRANSACTION READ ONLY");
        }
        // Analytic queries differ by their values (a rare status vs a common one): plan each
        // execution for its values, never with a cached generic plan. They group hundreds of
        // thousands of rows: with the default 4 MB of work_mem each such GROUP BY is a sort
        // spilled to disk, where 64 MB lets it hash (half the CPU on a multi-column breakdown).
        try (PreparedStatement s =
            c.prepareStatement(
                "SELECT set_config('statement_timeout', ?, true),"
                    + " set_config('plan_cache_mode', 'force_custom_plan', true),"
                    + " set_config('work_mem', '64MB', true)")) {
          s.setString(1, timeout.toMillis() + "ms");
          s.execute();
        }
        return run(c, sql, binds, cancel, start);
      } finally {
        c.rollback();
      }
    } catch (SQLException e) {
      throw translate(e, sql, cancel);
    }
  }

  private QueryResult run(
      Connection c, String sql, List<BindValue> binds, CancelHandle cancel, long start)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < binds.size(); i++) {
        ps.setObject(i + 1, binds.get(i).value());
      }
      ps.setMaxRows(rowCap + 1);
      ps.setFetchSize(Math.min(rowCap + 1, 1000));
      if (!cancel.attach(ps)) {
        throw new SqlExecutionException(
            SqlExecutionException.Reason.CANCELLED,
            "the query was cancelled before it started",
            sql,
            null);
      }
      try (ResultSet rs = ps.executeQuery()) {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<QueryResult.Column> columns = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          columns.add(new QueryResult.Column(md.getColumnLabel(i), md.getColumnTypeName(i)));
        }
        List<List<Object>> rows = new ArrayList<>();
        boolean truncated = false;
        while (rs.next()) {
          if (rows.size() == rowCap) {
            truncated = true;
            break;
          }
          Object[] row = new Object[n];
          for (int i = 1; i <= n; i++) {
            row[i - 1] = value(rs, md, i);
          }
          rows.add(java.util.Collections.unmodifiableList(Arrays.asList(row)));
        }
        return new QueryResult(
            sql, binds, columns, rows, truncated, rowCap, (System.nanoTime() - start) / 1_000_000);
      } finally {
        cancel.detach();
      }
    }
  }

  private static Object value(ResultSet rs, ResultSetMetaData md, int i) throws SQLException {
    switch (md.getColumnType(i)) {
      case Types.DATE:
        return rs.getObject(i, LocalDate.class);
      case Types.TIMESTAMP:
        // the driver reports timestamptz as TIMESTAMP too, and will not read it as a local time
        return "timestamptz".equalsIgnoreCase(md.getColumnTypeName(i))
            ? rs.getObject(i, java.time.OffsetDateTime.class)
            : rs.getObject(i, LocalDateTime.class);
      case Types.TIMESTAMP_WITH_TIMEZONE:
        return rs.getObject(i, java.time.OffsetDateTime.class);
      default:
        Object o = rs.getObject(i);
        if (o == null || o instanceof String || o instanceof Number || o instanceof Boolean) {
          return o;
        }
        return rs.getString(i); // arrays, intervals, json: their text form
    }
  }

  private SqlExecutionException translate(SQLException e, String sql, CancelHandle cancel) {
    if (QUERY_CANCELED.equals(e.getSQLState())) {
      return cancel.isCancelled()
          ? new SqlExecutionException(
              SqlExecutionException.Reason.CANCELLED, "the query was cancelled", sql, e)
          : new SqlExecutionException(
              SqlExecutionException.Reason.TIMEOUT,
              "the query ran longer than the statement timeout of " + timeout.toMillis() + " ms",
              sql,
              e);
    }
    return new SqlExecutionException(
        SqlExecutionException.Reason.FAILED,
        "the database rejected the query: " + e.getMessage(),
        sql,
        e);
  }
}
