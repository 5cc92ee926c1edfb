package io.assay.web.jobs;

import io.assay.contract.job.JobState;

/**
 * A person's action on a job (approve, edit, answer, retry, cancel) was refused; the message says
 * why in people's words, {@link #reason()} as the check that refused wrote it (argument and
 * analysis names, for a client that acts on them), and {@link #state()} is the job's state when the
 * job no longer takes actions.
 */
public class JobActionRejected extends RuntimeException {
  private final String reason;
  private final JobState state;

  public JobActionRejected(String message) {
    this(message, message, null);
  }

  public JobActionRejected(String message, JobState state) {
    this(message, message, state);
  }

  public JobActionRejected(String message, String reason, JobState state) {
    super(message);
    this.reason = reason;
    this.state = state;
  }

  public String reason() {
    return reason;
  }

  public JobState state() {
    return state;
  }
}
