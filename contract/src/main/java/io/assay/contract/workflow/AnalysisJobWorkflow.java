package io.assay.contract.workflow;

import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Plan;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/**
 * One analysis job: plan, wait for approval or edits, execute steps as child workflows, verify,
 * report, deliver. People steer it with the signals and updates below; updates answer synchronously
 * and their validators reject bad input before anything is written to history.
 */
@WorkflowInterface
public interface AnalysisJobWorkflow {

  @WorkflowMethod
  JobProgress run(JobRequest request);

  @QueryMethod
  JobProgress progress();

  @UpdateMethod
  JobProgress approvePlan(String by);

  @UpdateValidatorMethod(updateName = "approvePlan")
  void validateApprove(String by);

  @UpdateMethod
  Plan editPlan(EditCommand command);

  @UpdateValidatorMethod(updateName = "editPlan")
  void validateEdit(EditCommand command);

  @UpdateMethod
  JobProgress answerClarification(ClarificationAnswer answer);

  @UpdateValidatorMethod(updateName = "answerClarification")
  void validateAnswer(ClarificationAnswer answer);

  @UpdateMethod
  JobProgress retryStep(RetryCommand command);

  @UpdateValidatorMethod(updateName = "retryStep")
  void validateRetry(RetryCommand command);

  @SignalMethod
  void cancel(CancelCommand command);

  /** Sent by a step's child workflow that needs a person; the answer is routed back to it. */
  @SignalMethod
  void stepNeedsClarification(int stepIndex, Clarification clarification);
}
