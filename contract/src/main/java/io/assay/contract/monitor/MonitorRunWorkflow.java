package io.assay.contract.monitor;

import io.assay.contract.job.JobProgress;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One run of a monitor, started by the monitor's Temporal Schedule (on its cadence, by trigger or
 * by backfill): it records an ordinary job for the run and runs it as a child workflow whose id is
 * the job id, so the job has its page, history and receipts like any other.
 */
@WorkflowInterface
public interface MonitorRunWorkflow {

  /** The schedule's action id prefix; Temporal appends the nominal time to it. */
  static String scheduleId(String monitorId) {
    return "monitor-" + monitorId;
  }

  @WorkflowMethod
  JobProgress run(String monitorId);
}
