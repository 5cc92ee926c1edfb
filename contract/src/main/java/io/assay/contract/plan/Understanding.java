package io.assay.contract.plan;

/**
 * The outcome of understanding a question: a decision, its recorded reason, and the plan, the
 * clarification or the error that goes with it.
 */
public record Understanding(
    Decision decision, String reason, Plan plan, Clarification clarification, String error) {

  public static Understanding plan(Decision decision, String reason, Plan plan) {
    return new Understanding(decision, reason, plan, null, null);
  }

  public static Understanding ask(String reason, Clarification clarification) {
    return new Understanding(Decision.CLARIFICATION_REQUIRED, reason, null, clarification, null);
  }

  public static Understanding error(String reason, String error) {
    return new Understanding(Decision.ERROR, reason, null, null, error);
  }
}
