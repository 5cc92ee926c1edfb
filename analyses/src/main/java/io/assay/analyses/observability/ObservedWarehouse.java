package io.assay.analyses.observability;

import io.assay.analyses.ArgCatalog;
import io.assay.analyses.Heartbeat;
import io.assay.analyses.Rows;
import io.assay.analyses.Warehouse;
import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.recon.MetricDefinition;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.execute.SqlExecutionException;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.util.Locale;
import java.util.Optional;

/**
 * A {@link Warehouse} whose {@code execute} is traced and timed. The span carries the composed SQL
 * text, which holds {@code ?} placeholders only: bind values (the filter values a person asked
 * about) are never recorded, and neither is a database error message, which can quote them.
 * Everything else is passed through untouched.
 */
public final class ObservedWarehouse implements Warehouse {
  static final String EXECUTIONS = "assay.sql.execution";
  static final String ROWS = "assay.sql.rows";
  static final String FAILURES = "assay.sql.failures";
  static final String TRUNCATED = "assay.sql.truncated";

  // OpenTelemetry database semantic conventions (stable names).
  static final AttributeKey<String> DB_SYSTEM = AttributeKey.stringKey("db.system.name");
  static final AttributeKey<String> DB_OPERATION = AttributeKey.stringKey("db.operation.name");
  static final AttributeKey<String> DB_QUERY_TEXT = AttributeKey.stringKey("db.query.text");
  static final AttributeKey<Long> DB_RETURNED_ROWS =
      AttributeKey.longKey("db.response.returned_rows");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<Long> BIND_COUNT = AttributeKey.longKey("assay.sql.bind_count");
  static final AttributeKey<Boolean> TRUNCATED_ROWS =
      AttributeKey.booleanKey("assay.sql.truncated");

  private final Warehouse delegate;
  private final Tracer tracer;
  private final MeterRegistry meters;
  private final DistributionSummary rows;
  private final Counter truncated;

  public ObservedWarehouse(Warehouse delegate, Tracer tracer, MeterRegistry meters) {
    this.delegate = delegate;
    this.tracer = tracer;
    this.meters = meters;
    this.rows =
        DistributionSummary.builder(ROWS)
            .description("Rows returned by one analysis query")
            .baseUnit("rows")
            .register(meters);
    this.truncated =
        Counter.builder(TRUNCATED)
            .description("Analysis queries cut at the executor's row cap")
            .register(meters);
  }

  @Override
  public ArgCatalog catalog() {
    return delegate.catalog();
  }

  @Override
  public Optional<MetricDefinition> metric(String name) {
    return delegate.metric(name);
  }

  @Override
  public Optional<DateRange> dateSpan(ColumnRef column) {
    return delegate.dateSpan(column);
  }

  @Override
  public String columnLabel(String column) {
    return delegate.columnLabel(column);
  }

  @Override
  public ComposedQuery compose(Pick pick) {
    return delegate.compose(pick);
  }

  @Override
  public Optional<ComposedQuery> composeSlices(Pick pick) {
    return delegate.composeSlices(pick);
  }

  @Override
  public Rows execute(ComposedQuery sql, Heartbeat heartbeat) {
    // Every warehouse query is a read (the executor runs READ ONLY transactions).
    Span span =
        tracer
            .spanBuilder("SELECT")
            .setSpanKind(SpanKind.CLIENT)
            .setAttribute(DB_SYSTEM, "postgresql")
            .setAttribute(DB_OPERATION, "SELECT")
            .setAttribute(DB_QUERY_TEXT, sql.sql())
            .setAttribute(BIND_COUNT, (long) sql.binds().size())
            .startSpan();
    Timer.Sample sample = Timer.start(meters);
    String outcome = "ok";
    try (Scope ignored = span.makeCurrent()) {
      Rows result = delegate.execute(sql, heartbeat);
      span.setAttribute(DB_RETURNED_ROWS, (long) result.size());
      span.setAttribute(TRUNCATED_ROWS, result.truncated());
      rows.record(result.size());
      if (result.truncated()) {
        truncated.increment();
      }
      return result;
    } catch (RuntimeException e) {
      outcome = failure(e);
      span.setStatus(StatusCode.ERROR, outcome);
      span.setAttribute(ERROR_TYPE, outcome);
      Counter.builder(FAILURES)
          .description("Analysis queries that did not complete, by reason")
          .tag("reason", outcome)
          .register(meters)
          .increment();
      throw e;
    } finally {
      sample.stop(
          Timer.builder(EXECUTIONS)
              .description("Time to run one analysis query, heartbeats included")
              .tag("outcome", outcome)
              .register(meters));
      span.end();
    }
  }

  /**
   * The failure's kind: the executor's reason (timeout, cancelled, failed), else the exception's
   * class — a cancelled activity's heartbeat surfaces as Temporal's own exception type.
   */
  private static String failure(RuntimeException e) {
    if (e instanceof SqlExecutionException s) {
      return s.reason().name().toLowerCase(Locale.ROOT);
    }
    return e.getClass().getSimpleName();
  }
}
