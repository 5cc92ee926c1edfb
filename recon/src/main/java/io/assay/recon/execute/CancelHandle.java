package io.assay.recon.execute;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * Cancels a running {@link SqlExecutor#execute} from another thread (a user pressing stop, a
 * workflow being cancelled). Cancelling before the statement starts makes it fail at once; after it
 * finished, cancelling does nothing. One handle serves one execution.
 */
public final class CancelHandle {

  private Statement statement;
  private boolean cancelled;

  /** Asks PostgreSQL to cancel the running statement (Statement.cancel). */
  public synchronized void cancel() {
    cancelled = true;
    if (statement != null) {
      try {
        statement.cancel();
      } catch (SQLException e) {
        // The statement may have just finished; there is nothing left to cancel.
      }
    }
  }

  public synchronized boolean isCancelled() {
    return cancelled;
  }

  synchronized boolean attach(Statement s) {
    if (cancelled) {
      return false;
    }
    statement = s;
    return true;
  }

  synchronized void detach() {
    statement = null;
  }
}
