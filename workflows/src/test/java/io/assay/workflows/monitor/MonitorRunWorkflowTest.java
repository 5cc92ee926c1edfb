package io.assay.workflows.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import io.assay.contract.monitor.AlertDecision;
import io.assay.contract.monitor.AlertRule;
import io.assay.contract.monitor.MonitorActivities;
import io.assay.contract.monitor.MonitorRun;
import io.assay.contract.monitor.MonitorRunWorkflow;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.support.WorkflowHarness;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A monitor's run on the time-skipping environment: the run records its job and runs it as a child
 * with the approved plan (no understanding, no approval wait); the alert rule decides delivery.
 */
class MonitorRunWorkflowTest {
  private final ScriptedMonitors monitors = new ScriptedMonitors();
  private final WorkflowHarness harness = new WorkflowHarness(monitors);

  @AfterEach
  void stop() {
    harness.close();
  }

  @Test
  void aRunWhoseLatestPeriodIsNotFlaggedCompletesWithoutDelivering() {
    monitors.rule = AlertRule.LATEST_PERIOD_FLAGGED;
    monitors.alert =
        new AlertDecision(false, "trend_anomaly did not flag the latest period, 1997-06");
    JobProgress done = run("monitor-run-m1-1997-07-01T06:00:00Z");

    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.alert()).startsWith("no alert: trend_anomaly did not flag");
    assertThat(done.noAlert()).isTrue();
    assertThat(done.receipts()).isEmpty();
    assertThat(harness.finishing().receipts).isEmpty();
    assertThat(harness.jobs().eventTypes())
        .contains("alert_decided", "report_frozen")
        .doesNotContain("delivered");
    assertThat(monitors.decided).containsExactly(done.jobId());
    // The nominal time in the schedule's workflow id is the run's as-of time.
    assertThat(monitors.asOf).containsExactly("1997-07-01T06:00:00Z");
    assertThat(done.approvedBy()).contains("monitor m1");
    assertThat(done.decisionReason()).contains("the 12 months 1996-07-01 to 1997-06-30");
    record("monitor-no-alert", "monitor-run-m1-1997-07-01T06:00:00Z", done.jobId());
  }

  @Test
  void aRunWhoseLatestPeriodIsFlaggedDelivers() {
    monitors.rule = AlertRule.LATEST_PERIOD_FLAGGED;
    monitors.alert = new AlertDecision(true, "trend_anomaly flagged the latest period, 1997-06");
    JobProgress done = run("monitor-run-m1-1997-07-01T06:00:00Z");

    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.alert()).startsWith("alert: trend_anomaly flagged");
    assertThat(done.receipts()).hasSize(1);
    assertThat(harness.jobs().eventTypes()).contains("alert_decided", "delivered");
    // The job gets the same workflow task timeout as one submitted through the API.
    assertThat(harness.history("monitor-run-m1-1997-07-01T06:00:00Z"))
        .filteredOn(
            e -> e.getEventType() == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED)
        .singleElement()
        .satisfies(
            e ->
                assertThat(
                        e.getStartChildWorkflowExecutionInitiatedEventAttributes()
                            .getWorkflowTaskTimeout()
                            .getSeconds())
                    .isEqualTo(AnalysisJobWorkflowImpl.JOB_TASK_TIMEOUT.toSeconds()));
    record("monitor-alert", "monitor-run-m1-1997-07-01T06:00:00Z", done.jobId());
  }

  /** With -Dassay.replay.record=DIR: the run's history and its job's, for the replay tests. */
  private void record(String name, String runId, String jobId) {
    harness.record(name, runId);
    harness.record(name, jobId);
  }

  @Test
  void anAlwaysRuleDeliversWithoutAskingForTheScan() {
    monitors.rule = AlertRule.ALWAYS;
    JobProgress done = run("monitor-run-m1-manual");

    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.receipts()).hasSize(1);
    assertThat(done.alert()).startsWith("alert:");
    assertThat(monitors.decided).isEmpty();
  }

  private JobProgress run(String workflowId) {
    MonitorRunWorkflow run =
        harness
            .env()
            .getWorkflowClient()
            .newWorkflowStub(
                MonitorRunWorkflow.class,
                WorkflowOptions.newBuilder()
                    .setWorkflowId(workflowId)
                    .setTaskQueue(WorkflowHarness.QUEUE)
                    .build());
    JobProgress done = run.run("m1");
    assertThat(monitors.prepared).containsExactly(done.jobId());
    return done;
  }

  /** Monitor activities that hand out a fixed plan and a scripted alert decision. */
  static final class ScriptedMonitors implements MonitorActivities {
    volatile AlertRule rule = AlertRule.LATEST_PERIOD_FLAGGED;
    volatile AlertDecision alert = new AlertDecision(false, "");
    final List<String> prepared = new CopyOnWriteArrayList<>();
    final List<String> decided = new CopyOnWriteArrayList<>();
    final List<String> asOf = new CopyOnWriteArrayList<>();
    final Map<String, JobRequest> requests = new ConcurrentHashMap<>();

    @Override
    public JobRequest prepareRun(String monitorId, String jobId, String runWorkflowId, String at) {
      prepared.add(jobId);
      asOf.add(at);
      JobRequest r =
          new JobRequest(
              jobId,
              "ok question",
              "financial",
              "alice",
              ApprovalMode.AUTO,
              300,
              List.of(new DirectoryChannel("files", "/tmp/assay-test-reports")),
              "",
              new Plan(List.of(new PlanStep("ok", Map.of(), "scripted", null)), "approved"),
              new MonitorRun(monitorId, rule, "the 12 months 1996-07-01 to 1997-06-30", List.of()));
      requests.put(jobId, r);
      return r;
    }

    @Override
    public AlertDecision alertDecision(String jobId) {
      decided.add(jobId);
      return alert;
    }
  }
}
