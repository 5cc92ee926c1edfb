package io.assay.contract.plan;

/** No valid plan can be made for a question; the message says what is missing. */
public class PlanningException extends RuntimeException {
  public PlanningException(String message) {
    super(message);
  }
}
