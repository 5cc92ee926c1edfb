package io.assay.web.observability;

import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import com.uber.m3.tally.ScopeCloseException;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.opentracingshim.OpenTracingShim;
import io.temporal.common.interceptors.WorkerInterceptor;
import io.temporal.common.interceptors.WorkflowClientInterceptor;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import io.temporal.opentracing.OpenTracingClientInterceptor;
import io.temporal.opentracing.OpenTracingOptions;
import io.temporal.opentracing.OpenTracingWorkerInterceptor;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the Temporal client and worker need for tracing and metrics:
 *
 * <ul>
 *   <li>{@link #metricsScope()} for {@code WorkflowServiceStubsOptions.Builder.setMetricsScope}:
 *       the SDK's own metrics ({@code temporal_*}: requests, workflow and activity latencies,
 *       poller and slot gauges) reported into Micrometer, hence into {@code /actuator/prometheus};
 *   <li>{@link #clientInterceptors()} for {@code WorkflowClientOptions.Builder.setInterceptors}: a
 *       span for each workflow start, signal, query and update, whose context travels to the worker
 *       in the workflow's headers;
 *   <li>{@link #workerInterceptors()} for {@code WorkerFactoryOptions.Builder
 *       .setWorkerInterceptors}: spans for workflow runs, activity starts and runs (Temporal's
 *       OpenTracing interceptor on the OpenTelemetry shim), plus Assay's analysis timer and span.
 * </ul>
 *
 * Closing it reports the metrics one last time and stops the reporting thread; close it after the
 * worker and the service stubs.
 */
public final class TemporalTelemetry implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TemporalTelemetry.class);

  private final Scope metricsScope;
  private final WorkflowClientInterceptor[] clientInterceptors;
  private final WorkerInterceptor[] workerInterceptors;

  private TemporalTelemetry(
      Scope metricsScope,
      WorkflowClientInterceptor[] clientInterceptors,
      WorkerInterceptor[] workerInterceptors) {
    this.metricsScope = metricsScope;
    this.clientInterceptors = clientInterceptors;
    this.workerInterceptors = workerInterceptors;
  }

  /**
   * @param reportEvery how often the SDK's metrics are pushed into {@code meters}
   */
  public static TemporalTelemetry create(
      OpenTelemetry openTelemetry, MeterRegistry meters, Telemetry assay, Duration reportEvery) {
    Scope scope =
        new RootScopeBuilder()
            .reporter(new MicrometerClientStatsReporter(meters))
            .reportEvery(com.uber.m3.util.Duration.ofMillis(reportEvery.toMillis()));
    OpenTracingOptions tracing =
        OpenTracingOptions.newBuilder()
            .setTracer(OpenTracingShim.createTracerShim(openTelemetry))
            .build();
    return new TemporalTelemetry(
        scope,
        new WorkflowClientInterceptor[] {new OpenTracingClientInterceptor(tracing)},
        // Temporal wraps in array order, so the last is outermost: the activity's span is open
        // when the analysis interceptor starts its own, which becomes its child.
        new WorkerInterceptor[] {
          assay.analysisInterceptor(), new OpenTracingWorkerInterceptor(tracing)
        });
  }

  public Scope metricsScope() {
    return metricsScope;
  }

  public WorkflowClientInterceptor[] clientInterceptors() {
    return clientInterceptors.clone();
  }

  public WorkerInterceptor[] workerInterceptors() {
    return workerInterceptors.clone();
  }

  @Override
  public void close() {
    try {
      metricsScope.close();
    } catch (ScopeCloseException e) {
      log.warn("Closing Temporal's metrics scope failed: {}", e.getMessage());
    }
  }
}
