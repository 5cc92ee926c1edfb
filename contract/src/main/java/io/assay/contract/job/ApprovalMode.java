package io.assay.contract.job;

/** Whether a plan waits for a person before it runs. */
public enum ApprovalMode {
  /** The plan waits until someone approves it (or cancels the job). */
  REQUIRE,
  /** The plan runs as soon as it is made. */
  AUTO,
  /** The plan waits for approval, and approves itself when the job's approval timer fires. */
  AUTO_AFTER_TIMER
}
