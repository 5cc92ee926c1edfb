package io.assay.analyses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.algorithms.forecast.StatisticalForecaster;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.step.AnalysisActivities;
import io.assay.contract.step.StepCall;
import io.assay.pick.PickValidationError;
import io.assay.recon.execute.SqlExecutor;
import io.temporal.activity.ActivityOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.testing.TestActivityEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The activity as Temporal runs it: failures typed for the retry policy, heartbeats, cancel. */
class AnalysisActivitiesImplTest {
  private final AnalysisFixture fx = AnalysisFixture.get();
  private TestActivityEnvironment env;

  @BeforeEach
  void start() {
    env = TestActivityEnvironment.newInstance();
  }

  @AfterEach
  void stop() {
    env.close();
  }

  private AnalysisActivities stub(ReconWarehouse warehouse) {
    env.registerActivitiesImplementations(
        new AnalysisActivitiesImpl(
            AnalysisRegistry.discover(),
            warehouse,
            fx.artifacts,
            fx.jobs,
            new StatisticalForecaster()));
    return env.newActivityStub(
        AnalysisActivities.class,
        ActivityOptions.newBuilder()
            .setStartToCloseTimeout(Duration.ofMinutes(2))
            .setHeartbeatTimeout(Duration.ofSeconds(30))
            .build());
  }

  private String job() {
    AnalysisContext ctx = fx.context("activity");
    return ctx.jobId();
  }

  @Test
  void runsTheNamedAnalysisAndReturnsItsFinding() {
    String job = job();
    Finding f =
        stub(fx.reconWarehouse)
            .runAnalysis(
                new StepCall(
                    job,
                    2,
                    "compare_periods",
                    Map.of(
                        "metric", "loan_count",
                        "baseline", Map.of("kind", "year", "year", 1996),
                        "current", Map.of("kind", "year", "year", 1997)),
                    "How did the number of loans change?",
                    List.of()));
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    assertThat(f.stepId()).isEqualTo(job + ":2:compare_periods");
    assertThat(f.headline()).contains("1997").doesNotContain("{fig:");
    assertThat(fx.events(job)).hasSize(4);
  }

  @Test
  void badArgsFailNonRetryablyAsInvalidArgs() {
    String job = job();
    assertThatThrownBy(
            () ->
                stub(fx.reconWarehouse)
                    .runAnalysis(
                        new StepCall(
                            job, 0, "trend_anomaly", Map.of("metric", "nope"), "q", List.of())))
        .isInstanceOf(ActivityFailure.class)
        .cause()
        .isInstanceOfSatisfying(
            ApplicationFailure.class,
            a -> {
              assertThat(a.getType()).isEqualTo(AnalysisActivitiesImpl.INVALID_ARGS);
              assertThat(a.isNonRetryable()).isTrue();
              assertThat(a.getOriginalMessage())
                  .contains("unknown metric 'nope'")
                  .contains("missing required arg 'time'");
            });
  }

  @Test
  void aPickTheComposerRejectsFailsNonRetryably() {
    String job = job();
    Map<String, Object> pick =
        Map.of("measures", List.of(Map.of("kind", "metric", "metric", "volumen")));
    assertThatThrownBy(
            () ->
                stub(fx.reconWarehouse)
                    .runAnalysis(
                        new StepCall(
                            job, 0, "direct_answer", Map.of("pick", pick), "q", List.of())))
        .isInstanceOf(ActivityFailure.class)
        .cause()
        .isInstanceOfSatisfying(
            ApplicationFailure.class,
            a -> {
              assertThat(a.getType()).isEqualTo(PickValidationError.class.getName());
              assertThat(a.isNonRetryable()).isTrue();
              assertThat(a.getOriginalMessage()).contains("volumen");
            });
  }

  @Test
  void longSqlHeartbeatsAndACancelledActivityCancelsItsStatement() {
    AtomicInteger beats = new AtomicInteger();
    env.setActivityHeartbeatListener(
        Object.class,
        details -> {
          if (beats.incrementAndGet() == 1) {
            env.requestCancelActivity();
          }
        });
    // Heartbeat every millisecond so that even a fast query heartbeats while it runs.
    ReconWarehouse eager =
        new ReconWarehouse(
            () -> fx.recon, new SqlExecutor(fx.warehouse.readerDataSource()), Duration.ofMillis(1));
    String job = job();
    assertThatThrownBy(
            () ->
                stub(eager)
                    .runAnalysis(
                        new StepCall(
                            job,
                            0,
                            "trend_anomaly",
                            Map.of(
                                "metric",
                                "transaction_amount",
                                "time",
                                Map.of("kind", "year", "year", 1997)),
                            "q",
                            List.of())))
        .isInstanceOf(CanceledFailure.class);
    assertThat(beats.get()).isGreaterThanOrEqualTo(1);
    // The call was announced and then finished with the cancellation as its error.
    assertThat(fx.events(job))
        .extracting(e -> e.type())
        .containsExactly("tool_call_started", "tool_call_finished");
    assertThat(fx.events(job).get(1).payloadJson()).contains("\"error\"");
  }
}
