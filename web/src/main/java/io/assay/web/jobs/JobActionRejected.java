package io.assay.web.jobs;

/** A person's action on a job (approve, edit, answer, retry) was refused; the message says why. */
public class JobActionRejected extends RuntimeException {
  public JobActionRejected(String reason) {
    super(reason);
  }
}
