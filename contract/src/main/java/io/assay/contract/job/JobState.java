package io.assay.contract.job;

/** Where a job is in its life; the workflow moves it forward, people steer it by signal. */
public enum JobState {
  RECEIVED,
  UNDERSTANDING,
  CLARIFICATION_REQUIRED,
  PLANNED,
  AWAITING_APPROVAL,
  EXECUTING,
  VERIFYING,
  REPORTING,
  DELIVERING,
  COMPLETED,
  FAILED,
  CANCELLED;

  public boolean terminal() {
    return this == COMPLETED || this == FAILED || this == CANCELLED;
  }
}
