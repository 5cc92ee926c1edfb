package io.assay.contract.monitor;

import io.assay.contract.job.JobRequest;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** What a monitor's run asks of the database: its job, and whether the job alerts. */
@ActivityInterface
public interface MonitorActivities {

  /**
   * Records the run's job (idempotent under retries: the same job id changes nothing) and returns
   * its request: the monitor's question and approved plan with the rolling window resolved as of
   * {@code asOf} (ISO instant, the schedule's nominal time) and the feedback applied. A monitor
   * that was deleted, or whose plan no longer resolves, is a non-retryable failure.
   */
  @ActivityMethod
  JobRequest prepareRun(String monitorId, String jobId, String runWorkflowId, String asOf);

  /** Whether the job's trend_anomaly scan flagged the latest period of its window. */
  @ActivityMethod
  AlertDecision alertDecision(String jobId);
}
