package io.assay.contract.job;

/**
 * Where one plan step is, as shown in progress and the UI timeline.
 *
 * @param status where the step is
 * @param summary one line from the step's Finding; never raw rows
 * @param workflowId the child workflow that ran it, for links into the history
 */
public record StepStatus(
    int index,
    String analysis,
    StepState status,
    String summary,
    boolean usedFallback,
    String error,
    String workflowId) {

  public StepStatus with(StepState newStatus, String newSummary, String newError) {
    return new StepStatus(
        index, analysis, newStatus, newSummary, usedFallback, newError, workflowId);
  }
}
