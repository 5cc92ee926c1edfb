package io.assay.contract.job;

import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import java.util.List;

/**
 * What the workflow's progress query returns, and what it stores after every transition: the state,
 * the current step, counts, the last error, the plan, step outcomes and what waits for a person.
 *
 * @param alert for a monitor's run: whether it alerted and why ("no alert: …" when the run
 *     completed without delivering); null for other jobs and before the decision
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
    List<String> receipts,
    String alert) {

  /** Progress of a job that is not a monitor's run (or not yet decided). */
  public JobProgress(
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
    this(
        jobId,
        state,
        currentStep,
        stepsDone,
        stepsTotal,
        lastError,
        decision,
        decisionReason,
        plan,
        steps,
        pendingClarification,
        edits,
        approvedBy,
        receipts,
        null);
  }

  /** Whether this monitor run completed without alerting (and so without delivering). */
  @com.fasterxml.jackson.annotation.JsonIgnore
  public boolean noAlert() {
    return alert != null && alert.startsWith(NO_ALERT);
  }

  /** How {@link #alert} begins for a run that did not alert. */
  public static final String NO_ALERT = "no alert";

  public JobProgress {
    steps = steps == null ? List.of() : List.copyOf(steps);
    edits = edits == null ? List.of() : List.copyOf(edits);
    receipts = receipts == null ? List.of() : List.copyOf(receipts);
  }
}
