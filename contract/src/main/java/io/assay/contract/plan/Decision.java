package io.assay.contract.plan;

/** What the understanding of a question decided to do with it. */
public enum Decision {
  /** A lookup or aggregation: one direct_answer step. */
  DIRECT_ANSWER,
  /** A multi-step analysis. */
  PLAN,
  /** The metric or scope is ambiguous: ask a person, with options from recon. */
  CLARIFICATION_REQUIRED,
  /** Cannot be expressed: say what is missing. */
  ERROR
}
