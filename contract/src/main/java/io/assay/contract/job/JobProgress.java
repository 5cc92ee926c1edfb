package io.assay.contract.job;

import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import java.util.List;

/**
 * What the workflow's progress query returns, and what it stores after every transition: the state,
 * the current step, counts, the last error, the plan, step outcomes and what waits for a person.
 */
public record JobProgress(
    String jobId,
    JobState state,
    String currentStep,
    int stepsDone,
    int stepsTotal,
    String lastError,
    Decision decision,
    String decisionReason,
    Plan plan,
    List<StepStatus> steps,
    Clarification pendingClarification,
    List<PlanEditRecord> edits,
    String approvedBy,
    List<String> receipts) {

  public JobProgress {
    steps = steps == null ? List.of() : List.copyOf(steps);
    edits = edits == null ? List.of() : List.copyOf(edits);
    receipts = receipts == null ? List.of() : List.copyOf(receipts);
  }
}
