package io.assay.workflows.monitor;

import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.monitor.MonitorActivities;
import io.assay.contract.monitor.MonitorRunWorkflow;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.temporal.activity.ActivityOptions;
import io.temporal.api.enums.v1.ParentClosePolicy;
import io.temporal.common.RetryOptions;
import io.temporal.common.SearchAttributeKey;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * A monitor's run: the job is recorded first (so it is never lost), then run as a child workflow
 * with the job id as its workflow id. The run waits for the job, so the schedule's overlap policy
 * (skip) sees a run that is still going.
 */
public class MonitorRunWorkflowImpl implements MonitorRunWorkflow {

  /** Set by Temporal on every workflow a schedule starts: the action's nominal time. */
  static final SearchAttributeKey<OffsetDateTime> SCHEDULED_START =
      SearchAttributeKey.forOffsetDateTime("TemporalScheduledStartTime");

  /**
   * Change id for {@link Workflow#getVersion}: version 1 starts the job with {@link
   * AnalysisJobWorkflowImpl#JOB_TASK_TIMEOUT} as its workflow task timeout instead of the 10 s
   * default.
   */
  static final String JOB_TASK_TIMEOUT = "job-task-timeout";

  /** Preparing reads recon and writes the job row; a deleted monitor is never retried. */
  private final MonitorActivities monitors =
      Workflow.newActivityStub(
          MonitorActivities.class,
          ActivityOptions.newBuilder()
              .setStartToCloseTimeout(Duration.ofMinutes(2))
              .setRetryOptions(
                  RetryOptions.newBuilder()
                      .setInitialInterval(Duration.ofSeconds(1))
                      .setBackoffCoefficient(2)
                      .setMaximumInterval(Duration.ofSeconds(30))
                      .setMaximumAttempts(5)
                      .setDoNotRetry(IllegalArgumentException.class.getName())
                      .build())
              .build());

  @Override
  public JobProgress run(String monitorId) {
    String workflowId = Workflow.getInfo().getWorkflowId();
    String jobId = "job-" + Workflow.randomUUID().toString().substring(0, 13);
    JobRequest request =
        monitors.prepareRun(monitorId, jobId, workflowId, asOf(workflowId).toString());
    ChildWorkflowOptions.Builder options =
        ChildWorkflowOptions.newBuilder()
            .setWorkflowId(jobId)
            .setWorkflowExecutionTimeout(Duration.ofDays(7))
            // The job outlives a terminated run: it is a job like any other.
            .setParentClosePolicy(ParentClosePolicy.PARENT_CLOSE_POLICY_ABANDON);
    if (Workflow.getVersion(JOB_TASK_TIMEOUT, Workflow.DEFAULT_VERSION, 1) == 1) {
      // The same workflow task timeout as a job submitted through the API.
      options.setWorkflowTaskTimeout(AnalysisJobWorkflowImpl.JOB_TASK_TIMEOUT);
    }
    AnalysisJobWorkflow job =
        Workflow.newChildWorkflowStub(AnalysisJobWorkflow.class, options.build());
    return job.run(request);
  }

  /**
   * The time the run stands for: the schedule's nominal time (a backfilled run stands for the past
   * time it fills), else the time in the schedule's workflow id suffix, else now.
   */
  static Instant asOf(String workflowId) {
    try {
      OffsetDateTime scheduled = Workflow.getTypedSearchAttributes().get(SCHEDULED_START);
      if (scheduled != null) {
        return scheduled.toInstant();
      }
    } catch (RuntimeException e) {
      // absent or of another type: try the id
    }
    int dash = workflowId.length() - "2006-01-02T15:04:05Z".length() - 1;
    if (dash > 0 && workflowId.charAt(dash) == '-') {
      try {
        return Instant.parse(workflowId.substring(dash + 1));
      } catch (DateTimeParseException e) {
        // not a schedule's id
      }
    }
    return Instant.ofEpochMilli(Workflow.currentTimeMillis());
  }
}
