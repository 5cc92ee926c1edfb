package io.assay.web.observability;

import dev.langchain4j.model.chat.ChatModel;
import io.assay.analyses.Warehouse;
import io.assay.analyses.observability.AnalysisInterceptor;
import io.assay.analyses.observability.ObservedWarehouse;
import io.assay.llm.LlmCallListener;
import io.assay.llm.ObservedChatModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.temporal.common.interceptors.WorkerInterceptor;
import java.util.Objects;

/**
 * Where Assay's own spans and meters go: one OpenTelemetry tracer and one Micrometer registry. It
 * decorates the three things worth watching in a job — SQL on the warehouse, LLM calls and analysis
 * runs — without their code knowing about either library.
 *
 * <p>Meters (Prometheus names in brackets):
 *
 * <ul>
 *   <li>{@value ObservedWarehouse#EXECUTIONS} timer, tag {@code outcome} [{@code
 *       assay_sql_execution_seconds}]; {@value ObservedWarehouse#ROWS} summary [{@code
 *       assay_sql_rows}]; {@value ObservedWarehouse#FAILURES} counter, tag {@code reason} [{@code
 *       assay_sql_failures_total}]; {@value ObservedWarehouse#TRUNCATED} counter
 *   <li>{@value LlmCallListener#CALLS} timer, tags {@code provider, model, outcome}; {@value
 *       LlmCallListener#TOKENS} counter, tags {@code provider, model, type}; {@value
 *       LlmCallListener#FAILURES} counter, tags {@code provider, model, error}
 *   <li>{@value AnalysisInterceptor#ANALYSES} timer, tags {@code analysis, status}
 * </ul>
 */
public final class Telemetry {
  /** The instrumentation scope of every span Assay itself starts. */
  public static final String INSTRUMENTATION_SCOPE = "io.assay";

  private final Tracer tracer;
  private final MeterRegistry meters;
  private final LlmCallListener llmListener;

  public Telemetry(Tracer tracer, MeterRegistry meters) {
    this.tracer = Objects.requireNonNull(tracer, "tracer");
    this.meters = Objects.requireNonNull(meters, "meters");
    this.llmListener = new LlmCallListener(tracer, meters);
  }

  public static Telemetry of(OpenTelemetry openTelemetry, MeterRegistry meters) {
    return new Telemetry(openTelemetry.getTracer(INSTRUMENTATION_SCOPE), meters);
  }

  public Tracer tracer() {
    return tracer;
  }

  public MeterRegistry meters() {
    return meters;
  }

  /** The warehouse with every {@code execute} traced (SQL text, never bind values) and timed. */
  public Warehouse observeWarehouse(Warehouse warehouse) {
    return new ObservedWarehouse(warehouse, tracer, meters);
  }

  /** The chat model with every call traced and timed, with token counts when the provider says. */
  public ChatModel observeChatModel(ChatModel model) {
    return new ObservedChatModel(model, llmListener);
  }

  /**
   * A worker interceptor that times each {@code runAnalysis} activity by analysis name and outcome
   * and opens a span for it. Register it before Temporal's tracing interceptor so that the tracing
   * one is outermost (Temporal wraps in array order, the last one outside) and the analysis span
   * nests under the activity's span.
   */
  public WorkerInterceptor analysisInterceptor() {
    return new AnalysisInterceptor(tracer, meters);
  }
}
