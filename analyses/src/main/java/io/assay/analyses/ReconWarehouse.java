package io.assay.analyses;

import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.recon.DatasetScope;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.compose.BindValue;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import io.assay.recon.execute.CancelHandle;
import io.assay.recon.execute.QueryResult;
import io.assay.recon.execute.SqlExecutor;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The warehouse over recon: its metrics and columns, its composer and its read-only executor. A
 * query runs on a pool thread while the calling (activity) thread heartbeats every {@link
 * #HEARTBEAT_EVERY} (by default); when a heartbeat throws because the activity was cancelled, the
 * statement is cancelled in PostgreSQL and the exception propagates.
 */
public final class ReconWarehouse implements Warehouse {
  public static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(2);

  private static final ExecutorService QUERIES =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "analysis-sql");
            t.setDaemon(true);
            return t;
          });

  private final Supplier<Recon> recon;
  private final SqlExecutor executor;
  private final Duration heartbeatEvery;

  /**
   * {@code recon} is asked on every call, so a rebuilt recon (e.g. from a cache) is picked up.
   *
   * @param heartbeatEvery how often a running query heartbeats
   */
  public ReconWarehouse(Supplier<Recon> recon, SqlExecutor executor, Duration heartbeatEvery) {
    if (heartbeatEvery.isNegative() || heartbeatEvery.isZero()) {
      throw new IllegalArgumentException("the heartbeat interval must be positive");
    }
    this.recon = recon;
    this.executor = executor;
    this.heartbeatEvery = heartbeatEvery;
  }

  public ReconWarehouse(Supplier<Recon> recon, SqlExecutor executor) {
    this(recon, executor, HEARTBEAT_EVERY);
  }

  public ReconWarehouse(Recon recon, SqlExecutor executor) {
    this(() -> recon, executor, HEARTBEAT_EVERY);
  }

  public Recon recon() {
    return recon.get();
  }

  @Override
  public ArgCatalog catalog() {
    return ArgCatalog.of(recon.get());
  }

  @Override
  public Optional<MetricDefinition> metric(String name) {
    return recon.get().metric(name);
  }

  @Override
  public Optional<DateRange> dateSpan(ColumnRef column) {
    return recon.get().dateRange(column).filter(r -> r.min() != null && r.max() != null);
  }

  /** The column's first synonym ("region"), else its description, with the column itself. */
  @Override
  public String columnLabel(String column) {
    try {
      ColumnRef ref = ColumnRef.of(column);
      return recon
          .get()
          .column(ref)
          .map(
              c ->
                  !c.synonyms().isEmpty()
                      ? c.synonyms().get(0)
                      : c.description() == null
                          ? ""
                          : c.description().replaceAll("\\s*\\(.*\\)|[.{}]+$", ""))
          .filter(d -> !d.isBlank() && d.length() <= 40)
          .map(d -> d.strip() + " (" + ref + ")")
          .orElse(ref.toString());
    } catch (PickValidationError e) {
      return column;
    }
  }

  @Override
  public ComposedQuery compose(Pick pick) {
    return Composer.compose(pick, recon.get());
  }

  @Override
  public Optional<ComposedQuery> composeSlices(Pick pick) {
    return SlicesQuery.compose(pick, recon.get());
  }

  @Override
  public Rows execute(ComposedQuery sql, Heartbeat heartbeat) {
    List<BindValue> binds = sql.binds();
    CancelHandle cancel = new CancelHandle();
    // The pool thread queries the same dataset as the calling activity.
    Future<QueryResult> running =
        QUERIES.submit(DatasetScope.carry(() -> executor.execute(sql.sql(), binds, cancel)));
    long started = System.nanoTime();
    try {
      while (true) {
        try {
          QueryResult r = running.get(heartbeatEvery.toMillis(), TimeUnit.MILLISECONDS);
          List<String> columns = r.columns().stream().map(QueryResult.Column::name).toList();
          return new Rows(columns, r.rows(), r.truncated());
        } catch (TimeoutException stillRunning) {
          heartbeat.beat("sql running for " + (System.nanoTime() - started) / 1_000_000 + " ms");
        }
      }
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException("query failed: " + cause, cause);
    } catch (InterruptedException e) {
      cancel.cancel();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the query ran; it was cancelled", e);
    } catch (RuntimeException heartbeatFailed) {
      // The activity was cancelled (or its heartbeat timed out): stop the statement too.
      cancel.cancel();
      throw heartbeatFailed;
    }
  }
}
