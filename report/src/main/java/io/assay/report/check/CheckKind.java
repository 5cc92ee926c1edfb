package io.assay.report.check;

/** The checks a body passes before it is frozen. */
public enum CheckKind {
  /** Every plan question (and every step of it) answered, or said not to be. */
  COVERAGE,
  /** Only this job's accepted artifacts, and only those the section's outline allows. */
  REFERENCE_OVERREACH,
  /** Every figure of a successful step stated by a sentence; every sentence binding real facts. */
  FACT_OMISSION,
  /** Every number in the text equals its fact within display rounding; no loose digits. */
  NUMERIC_DRIFT,
  /** Every chart and table equals the artifact it cites, and every number it draws is a fact. */
  CHART_BINDING,
  /** Every fact recomputes from its operands, and every operand equals its artifact's value. */
  DERIVATION
}
