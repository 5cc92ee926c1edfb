package io.assay.web.jobs;

import io.assay.contract.job.JobState;

/**
 * A person's action on a job (approve, edit, answer, retry, cancel) was refused; the message says
 * why, and {@link #state()} is the job's state when the job no longer takes actions.
 */
public class JobActionRejected extends RuntimeException {
  private final JobState state;

  public JobActionRejected(String reason) {
    this(reason, null);
  }

  public JobActionRejected(String reason, JobState state) {
    super(reason);
    this.state = state;
  }

  public JobState state() {
    return state;
  }
}
