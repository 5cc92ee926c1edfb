package io.assay.recon.execute;

/** A query that did not complete: timed out, cancelled, or rejected by the database. */
public class SqlExecutionException extends RuntimeException {

  /** Why the query did not complete. */
  public enum Reason {
    /** The statement timeout elapsed. */
    TIMEOUT,
    /** {@link CancelHandle#cancel()} was called. */
    CANCELLED,
    /** The database rejected the query (the message carries its error). */
    FAILED
  }

  private final Reason reason;
  private final String sql;

  public SqlExecutionException(Reason reason, String message, String sql, Throwable cause) {
    super(message, cause);
    this.reason = reason;
    this.sql = sql;
  }

  public Reason reason() {
    return reason;
  }

  /** The SQL that failed. */
  public String sql() {
    return sql;
  }
}
