package io.assay.contract.job;

/** Where one plan step is. Serialised by name, as the plain strings recorded before it existed. */
public enum StepState {
  PENDING,
  RUNNING,
  /** Waiting for a person to answer a clarification the step asked. */
  WAITING,
  DONE,
  /** Ran, and found nothing to report. */
  EMPTY,
  FAILED,
  CANCELLED;

  /** True when the step will not change again unless someone retries it. */
  public boolean settled() {
    return this == DONE || this == EMPTY || this == FAILED || this == CANCELLED;
  }
}
