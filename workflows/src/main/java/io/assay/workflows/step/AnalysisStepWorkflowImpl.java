package io.assay.workflows.step;

import io.assay.contract.finding.Finding;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.step.AnalysisActivities;
import io.assay.contract.step.StepCall;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.contract.workflow.AnalysisStepWorkflow;
import io.assay.contract.workflow.StepOutcome;
import io.assay.contract.workflow.StepRequest;
import io.assay.workflows.job.Failures;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Runs one step's analysis, its fallback when needed, and routes clarifications via the parent. */
public class AnalysisStepWorkflowImpl implements AnalysisStepWorkflow {

  /**
   * Analyses run SQL that can take a while: they heartbeat, so a lost worker is noticed within the
   * heartbeat timeout rather than the whole start-to-close budget. Validation failures (bad Pick,
   * bad args) are not retried.
   */
  private static final ActivityOptions ANALYSIS =
      ActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofMinutes(10))
          .setHeartbeatTimeout(Duration.ofSeconds(30))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(1))
                  .setBackoffCoefficient(2)
                  .setMaximumInterval(Duration.ofSeconds(30))
                  .setMaximumAttempts(4)
                  .setDoNotRetry(Failures.NON_RETRYABLE)
                  .build())
          .build();

  private final AnalysisActivities analyses =
      Workflow.newActivityStub(AnalysisActivities.class, ANALYSIS);
  private final List<ClarificationAnswer> answers = new ArrayList<>();

  @Override
  public StepOutcome run(StepRequest request) {
    String primaryError = null;
    Finding finding = null;
    try {
      finding = runAsking(request, request.step());
    } catch (ActivityFailure e) {
      rethrowIfCancelled(e);
      primaryError = Failures.message(e);
    }
    PlanStep fallback = request.step().fallback();
    boolean needFallback = finding == null || finding.empty();
    if (needFallback && fallback != null) {
      if (primaryError == null) {
        primaryError = "the primary analysis found nothing";
      }
      try {
        Finding second = runAsking(request, fallback);
        return new StepOutcome(second, true, primaryError);
      } catch (ActivityFailure e) {
        rethrowIfCancelled(e);
        primaryError =
            primaryError + "; fallback " + fallback.analysis() + ": " + Failures.message(e);
        return new StepOutcome(finding, false, primaryError);
      }
    }
    return new StepOutcome(finding, false, primaryError);
  }

  private Finding runAsking(StepRequest request, PlanStep step) {
    while (true) {
      Finding finding =
          analyses.runAnalysis(
              new StepCall(
                  request.jobId(),
                  request.stepIndex(),
                  step.analysis(),
                  step.args(),
                  request.question(),
                  List.copyOf(answers)));
      if (finding.clarification() == null) {
        return finding;
      }
      // The analysis needs a person: surface it on the parent job and wait for the answer.
      int answered = answers.size();
      Workflow.newExternalWorkflowStub(
              AnalysisJobWorkflow.class, Workflow.getInfo().getParentWorkflowId().orElseThrow())
          .stepNeedsClarification(request.stepIndex(), finding.clarification());
      Workflow.await(() -> answers.size() > answered);
    }
  }

  /** A cancelled job cancels its steps: no fallback, the child ends as cancelled. */
  private static void rethrowIfCancelled(ActivityFailure e) {
    if (CancellationScope.current().isCancelRequested()) {
      throw new CanceledFailure("step cancelled: " + Failures.message(e));
    }
  }

  @Override
  public void answer(ClarificationAnswer answer) {
    answers.add(answer);
  }
}
