package io.assay.workflows.support;

import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import io.assay.contract.job.StepState;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.step.AnalysisStepWorkflowImpl;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * A time-skipping Temporal test environment with the job and step workflows and scripted activities
 * registered; one per test.
 */
public final class WorkflowHarness implements AutoCloseable {
  public static final String QUEUE = "assay-test";

  private final TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
  private final RecordingJobs jobs = new RecordingJobs();
  private final ScriptedAnalyses analyses = new ScriptedAnalyses();
  private final ScriptedFinishing finishing = new ScriptedFinishing();

  public WorkflowHarness() {
    this(new Object[0]);
  }

  /** With monitor runs too, and the given extra activities (e.g. scripted monitor activities). */
  public WorkflowHarness(Object... extraActivities) {
    Worker worker = env.newWorker(QUEUE);
    worker.registerWorkflowImplementationTypes(
        AnalysisJobWorkflowImpl.class,
        AnalysisStepWorkflowImpl.class,
        io.assay.workflows.monitor.MonitorRunWorkflowImpl.class);
    worker.registerActivitiesImplementations(jobs, new ScriptedPlanning(), analyses);
    if (extraActivities.length > 0) {
      worker.registerActivitiesImplementations(extraActivities);
    }
    finishing.register(worker);
    env.start();
  }

  public TestWorkflowEnvironment env() {
    return env;
  }

  public RecordingJobs jobs() {
    return jobs;
  }

  public ScriptedAnalyses analyses() {
    return analyses;
  }

  public ScriptedFinishing finishing() {
    return finishing;
  }

  public AnalysisJobWorkflow start(String id, String question, ApprovalMode mode, long timer) {
    AnalysisJobWorkflow job =
        env.getWorkflowClient()
            .newWorkflowStub(
                AnalysisJobWorkflow.class,
                WorkflowOptions.newBuilder().setWorkflowId(id).setTaskQueue(QUEUE).build());
    WorkflowClient.start(
        job::run,
        new JobRequest(
            id,
            question,
            "financial",
            "alice",
            mode,
            timer,
            List.of(new DirectoryChannel("files", "/tmp/assay-test-reports")),
            ""));
    return job;
  }

  public JobProgress result(String id) {
    return env.getWorkflowClient().newUntypedWorkflowStub(id).getResult(JobProgress.class);
  }

  public void awaitState(AnalysisJobWorkflow job, JobState state) {
    await(job, p -> p.state() == state, "state " + state);
  }

  public void awaitStep(AnalysisJobWorkflow job, int index, StepState status) {
    await(
        job,
        p -> p.steps().size() > index && p.steps().get(index).status() == status,
        "step " + index + " " + status);
  }

  private void await(AnalysisJobWorkflow job, Predicate<JobProgress> condition, String what) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      try {
        if (condition.test(job.progress())) {
          return;
        }
      } catch (RuntimeException e) {
        // The workflow may not have processed its first task yet.
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    throw new AssertionError("timed out waiting for " + what + "; progress: " + job.progress());
  }

  public List<HistoryEvent> history(String workflowId) {
    return env.getWorkflowClient().fetchHistory(workflowId).getHistory().getEventsList();
  }

  /** How a child workflow closed, read from its own history. */
  public EventType childClosedAs(String workflowId) {
    List<HistoryEvent> events = history(workflowId);
    return events.get(events.size() - 1).getEventType();
  }

  /**
   * With {@code -Dassay.replay.record=DIR}, writes the histories of the given job and of its step
   * children to DIR as {@code <name>.<workflowId>.json}, for the replay tests. Histories are
   * recorded from real runs of the current workflow code; re-record when the code changes on
   * purpose (and guard the change with {@code Workflow.getVersion}).
   */
  public void record(String name, String jobId) {
    String dir = System.getProperty("assay.replay.record");
    if (dir == null) {
      return;
    }
    try {
      java.nio.file.Files.createDirectories(java.nio.file.Path.of(dir));
      List<String> ids = new java.util.ArrayList<>(List.of(jobId));
      for (HistoryEvent e : history(jobId)) {
        if (e.hasChildWorkflowExecutionStartedEventAttributes()) {
          ids.add(
              e.getChildWorkflowExecutionStartedEventAttributes()
                  .getWorkflowExecution()
                  .getWorkflowId());
        }
      }
      for (String id : ids) {
        String json = env.getWorkflowClient().fetchHistory(id).toJson(true);
        java.nio.file.Files.writeString(
            java.nio.file.Path.of(dir, name + "." + id.replace(':', '_') + ".json"), json);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    env.close();
  }
}
