package io.assay.web.jobs;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowUpdateTimeoutOrCancelledException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What it means to a person that Temporal turned down a call to a job's workflow, other than a
 * check that refused the request with its reason: the workflow has closed, it did not answer in
 * time, or the service could not be reached. Temporal's own message ({@code workflowId='job-…',
 * runId='', workflowType='AnalysisJobWorkflow'}) tells a person nothing they can act on, so it goes
 * to the log and the person reads what happened and what to do next.
 */
final class WorkflowRefusal {
  private static final Logger log = LoggerFactory.getLogger(WorkflowRefusal.class);

  private WorkflowRefusal() {}

  /**
   * The refusal of {@code verb} ("edited", "approved") on job {@code id} that {@code e} means; the
   * technical detail is logged.
   */
  static JobActionRejected of(String id, String verb, WorkflowException e) {
    log.warn("Job {}: the workflow did not accept the request to be {}", id, verb, e);
    if (e instanceof WorkflowNotFoundException) {
      return new JobActionRejected(
          "The job has already finished, so it can no longer be "
              + verb
              + ". Reload the page to see how it ended.");
    }
    if (e instanceof WorkflowUpdateTimeoutOrCancelledException) {
      return new JobActionRejected(
          "The job did not answer in time, so it is not known whether it was "
              + verb
              + ". Reload the page in a minute to see; if nothing changed, try again.");
    }
    if (unreachable(e)) {
      return new JobActionRejected(
          "Assay could not reach the service that runs jobs, so the job was not "
              + verb
              + ". Try again in a minute; if it keeps failing, ask an operator to check the"
              + " workflow service.");
    }
    return new JobActionRejected(
        "The job could not take the request just now, so it was not "
            + verb
            + ". Reload the page to see the job's state, then try again.");
  }

  /** Whether the call never reached the service (it is down, or the connection failed). */
  private static boolean unreachable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StatusRuntimeException s
          && s.getStatus().getCode() == Status.Code.UNAVAILABLE) {
        return true;
      }
    }
    return false;
  }
}
