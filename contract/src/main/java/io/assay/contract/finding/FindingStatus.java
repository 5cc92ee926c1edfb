package io.assay.contract.finding;

/** Outcome of one analysis step. */
public enum FindingStatus {
  /** The analysis ran and produced figures, charts or tables. */
  OK,
  /** The analysis ran but the data it needed was empty; its fallback may run. */
  EMPTY,
  /** The analysis could not complete; errors say why. */
  FAILED
}
