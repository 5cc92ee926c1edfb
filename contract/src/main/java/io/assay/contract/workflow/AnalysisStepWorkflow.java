package io.assay.contract.workflow;

import io.assay.contract.plan.ClarificationAnswer;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One plan step as its own small agent: runs the analysis, falls back when it fails or finds
 * nothing, and asks its parent job when it needs a person.
 */
@WorkflowInterface
public interface AnalysisStepWorkflow {

  /** Deterministic child id, so the history, the UI and the store agree on it. */
  static String id(String jobId, int stepIndex, String analysis) {
    return jobId + ":" + stepIndex + ":" + analysis;
  }

  @WorkflowMethod
  StepOutcome run(StepRequest request);

  @SignalMethod
  void answer(ClarificationAnswer answer);
}
