package io.assay.web.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.forecast.StatisticalForecaster;
import io.assay.analyses.AnalysisActivitiesImpl;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.EventSink;
import io.assay.analyses.ReconWarehouse;
import io.assay.contract.step.AnalysisActivities;
import io.assay.contract.step.StepCall;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.execute.SqlExecutor;
import io.assay.store.AppSchema;
import io.assay.store.ArtifactStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.temporal.activity.ActivityOptions;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Temporal's tracing interceptor on the time-skipping test environment, with the interceptors and
 * metrics scope of {@link TemporalTelemetry}: one trace runs from the client's start of a workflow
 * through the workflow run and the activity to the analysis and its SQL, on the real analysis
 * activity over the shared test warehouse.
 */
class TemporalTracingTest {
  private static final String QUEUE = "observability-test";
  private static Recon recon;

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final OpenTelemetrySdk otel =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private TemporalTelemetry temporal;
  private TestWorkflowEnvironment env;

  /** One plan step as a workflow: runs the analysis activity, answers its status or failure. */
  @WorkflowInterface
  public interface OneStep {
    @WorkflowMethod
    String run(StepCall call);
  }

  public static class OneStepImpl implements OneStep {
    private final AnalysisActivities analyses =
        Workflow.newActivityStub(
            AnalysisActivities.class,
            ActivityOptions.newBuilder()
                .setStartToCloseTimeout(Duration.ofMinutes(2))
                .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                .build());

    @Override
    public String run(StepCall call) {
      try {
        return analyses.runAnalysis(call).status().name();
      } catch (ActivityFailure e) {
        return "activity failed: " + e.getCause().getMessage();
      }
    }
  }

  @BeforeAll
  static void warehouse() {
    TestWarehouse warehouse = TestWarehouse.get();
    AppSchema.migrate(warehouse.adminDataSource());
    recon = ReconLoader.load(warehouse.readerDataSource(), "financial");
  }

  @BeforeEach
  void start() {
    Telemetry telemetry = Telemetry.of(otel, meters);
    temporal = TemporalTelemetry.create(otel, meters, telemetry, Duration.ofMillis(100));
    env =
        TestWorkflowEnvironment.newInstance(
            TestEnvironmentOptions.newBuilder()
                .setMetricsScope(temporal.metricsScope())
                .setWorkflowClientOptions(
                    WorkflowClientOptions.newBuilder()
                        .setInterceptors(temporal.clientInterceptors())
                        .build())
                .setWorkerFactoryOptions(
                    WorkerFactoryOptions.newBuilder()
                        .setWorkerInterceptors(temporal.workerInterceptors())
                        .build())
                .build());
    Worker worker = env.newWorker(QUEUE);
    worker.registerWorkflowImplementationTypes(OneStepImpl.class);
    TestWarehouse warehouse = TestWarehouse.get();
    worker.registerActivitiesImplementations(
        new AnalysisActivitiesImpl(
            AnalysisRegistry.discover(),
            telemetry.observeWarehouse(
                new ReconWarehouse(recon, new SqlExecutor(warehouse.readerDataSource()))),
            new ArtifactStore(warehouse.adminDataSource()),
            EventSink.NONE,
            new StatisticalForecaster()));
    env.start();
  }

  @AfterEach
  void stop() {
    env.close();
    temporal.close();
    otel.close();
  }

  private String run(StepCall call) {
    return env.getWorkflowClient()
        .newWorkflowStub(
            OneStep.class,
            WorkflowOptions.newBuilder()
                .setTaskQueue(QUEUE)
                .setWorkflowId("obs-" + UUID.randomUUID())
                .build())
        .run(call);
  }

  private SpanData span(String name) {
    return spans.getFinishedSpanItems().stream()
        .filter(s -> s.getName().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no span "
                        + name
                        + " among "
                        + spans.getFinishedSpanItems().stream().map(SpanData::getName).toList()));
  }

  private static StepCall compareLoans(Map<String, Object> current) {
    return new StepCall(
        "job-" + UUID.randomUUID(),
        1,
        "compare_periods",
        Map.of(
            "metric",
            "loan_count",
            "baseline",
            Map.of("kind", "year", "year", 1996),
            "current",
            current),
        "How did the number of loans change?",
        List.of());
  }

  @Test
  void oneTraceRunsFromTheWorkflowStartThroughTheActivityToItsSql() {
    assertThat(run(compareLoans(Map.of("kind", "year", "year", 1997)))).isEqualTo("OK");

    SpanData start = span("StartWorkflow:OneStep");
    SpanData workflow = span("RunWorkflow:OneStep");
    SpanData startActivity = span("StartActivity:RunAnalysis");
    SpanData activity = span("RunActivity:RunAnalysis");
    SpanData analysis = span("analysis compare_periods");
    List<SpanData> sql =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("SELECT")).toList();

    assertThat(sql).isNotEmpty();
    String trace = start.getTraceId();
    for (SpanData s : spans.getFinishedSpanItems()) {
      assertThat(s.getTraceId()).as(s.getName()).isEqualTo(trace);
    }
    assertThat(workflow.getParentSpanId()).isEqualTo(start.getSpanId());
    assertThat(startActivity.getParentSpanId()).isEqualTo(workflow.getSpanId());
    assertThat(activity.getParentSpanId()).isEqualTo(startActivity.getSpanId());
    assertThat(analysis.getParentSpanId()).isEqualTo(activity.getSpanId());
    assertThat(sql)
        .allSatisfy(s -> assertThat(s.getParentSpanId()).isEqualTo(analysis.getSpanId()));
    assertThat(sql)
        .allSatisfy(
            s ->
                assertThat(s.getAttributes().asMap().keySet().toString())
                    .contains("db.query.text"));
    assertThat(analysis.getAttributes().asMap().values()).contains("ok", 1L);

    assertThat(
            meters
                .get("assay.analysis")
                .tags("analysis", "compare_periods", "status", "ok")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(meters.get("assay.sql.execution").tag("outcome", "ok").timer().count())
        .isEqualTo(sql.size());
  }

  @Test
  void temporalsOwnMetricsReachTheMeterRegistry() {
    run(compareLoans(Map.of("kind", "year", "year", 1997)));
    env.close();
    temporal.close(); // reports what is left

    assertThat(
            meters
                .get("temporal_workflow_completed")
                .tag("workflow_type", "OneStep")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(
            meters
                .get("temporal_activity_execution_latency")
                .tag("activity_type", "RunAnalysis")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void anAnalysisRejectedForItsArgsIsAnErrorSpanAndTimedAsInvalidArgs() {
    String answer = run(compareLoans(Map.of("kind", "fortnight")));

    assertThat(answer).startsWith("activity failed: ");
    SpanData analysis = span("analysis compare_periods");
    assertThat(analysis.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(analysis.getStatus().getDescription()).isEqualTo("invalid_args");
    assertThat(span("RunActivity:RunAnalysis").getStatus().getStatusCode())
        .isEqualTo(StatusCode.ERROR);
    assertThat(
            meters
                .get("assay.analysis")
                .tags("analysis", "compare_periods", "status", "invalid_args")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(meters.find("assay.sql.execution").timers()).allMatch(t -> t.count() == 0);
  }
}
