package io.assay.workflows.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.contract.workflow.CancelCommand;
import io.assay.contract.workflow.EditCommand;
import io.assay.workflows.support.WorkflowHarness;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AnalysisJobWorkflowTest {
  private WorkflowHarness harness;

  @BeforeEach
  void start() {
    harness = new WorkflowHarness();
  }

  @AfterEach
  void stop() {
    harness.close();
  }

  @Test
  void waitsForApprovalThenCompletes() {
    AnalysisJobWorkflow job = harness.start("j1", "ok ok", ApprovalMode.REQUIRE, 0);
    harness.awaitState(job, JobState.AWAITING_APPROVAL);
    harness.env().sleep(Duration.ofHours(1));
    assertThat(job.progress().state()).isEqualTo(JobState.AWAITING_APPROVAL);

    job.approvePlan("alice");
    JobProgress done = harness.result("j1");
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.approvedBy()).isEqualTo("alice");
    assertThat(done.steps())
        .extracting(StepStatus::status)
        .containsExactly(StepState.DONE, StepState.DONE);
    assertThat(harness.jobs().eventTypes())
        .contains("plan_ready", "plan_approved", "step_started", "step_finished");
    // Step children get the job's workflow task timeout, not the 10 s default (step-task-timeout).
    assertThat(harness.history("j1"))
        .filteredOn(
            e -> e.getEventType() == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED)
        .hasSize(2)
        .allSatisfy(
            e ->
                assertThat(
                        e.getStartChildWorkflowExecutionInitiatedEventAttributes()
                            .getWorkflowTaskTimeout()
                            .getSeconds())
                    .isEqualTo(AnalysisJobWorkflowImpl.JOB_TASK_TIMEOUT.toSeconds()));
    harness.record("happy-path", "j1");
  }

  @Test
  void cancelDuringDeliveryStopsTheRetriesAndEndsTheJobCancelled() {
    harness.finishing().unanswered.add("j-deliver");
    AnalysisJobWorkflow job = harness.start("j-deliver", "ok", ApprovalMode.AUTO, 0);
    harness.awaitState(job, JobState.DELIVERING);
    harness.env().sleep(Duration.ofMinutes(30));
    int attempts = harness.finishing().deliveryAttempts.get();
    assertThat(attempts).isGreaterThan(1);

    job.cancel(new CancelCommand("alice", "the webhook is gone"));

    JobProgress done = harness.result("j-deliver");
    assertThat(done.state()).isEqualTo(JobState.CANCELLED);
    assertThat(done.lastError()).contains("the webhook is gone");
    harness.env().sleep(Duration.ofHours(2));
    assertThat(harness.finishing().deliveryAttempts.get()).isLessThanOrEqualTo(attempts + 1);
  }

  @Test
  void approvesItselfWhenTheTimerFires() {
    harness.start("j2", "ok", ApprovalMode.AUTO_AFTER_TIMER, 600);
    JobProgress done = harness.result("j2");
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.approvedBy()).startsWith("approval timer");
  }

  @Test
  void appliesAPlanEditAndKeepsItAsAFactFromAPerson() {
    AnalysisJobWorkflow job = harness.start("j3", "ok", ApprovalMode.REQUIRE, 0);
    harness.awaitState(job, JobState.AWAITING_APPROVAL);

    job.editPlan(
        new EditCommand(
            "olga",
            new PlanEdit.AddStep(
                1, "trend_anomaly", Map.of("grain", "month"), "look at the trend")));
    JobProgress progress = job.progress();
    assertThat(progress.plan().steps())
        .extracting(s -> s.analysis())
        .containsExactly("ok", "trend_anomaly");
    assertThat(progress.edits())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.by()).isEqualTo("olga");
              assertThat(e.description()).contains("added step 2: trend_anomaly");
            });

    job.approvePlan("olga");
    JobProgress done = harness.result("j3");
    assertThat(done.steps()).hasSize(2).allMatch(s -> s.status() == StepState.DONE);
    assertThat(done.edits()).hasSize(1);
    assertThat(harness.jobs().eventTypes()).contains("edit_applied");
    harness.record("edited-plan", "j3");
  }

  @Test
  void rejectsAnInvalidEditWithItsReasonAndAppliesNothing() {
    AnalysisJobWorkflow job = harness.start("j4", "ok", ApprovalMode.REQUIRE, 0);
    harness.awaitState(job, JobState.AWAITING_APPROVAL);

    assertThatThrownBy(
            () ->
                job.editPlan(
                    new EditCommand("olga", new PlanEdit.AddStep(1, "astrology", Map.of(), ""))))
        .isInstanceOf(WorkflowUpdateException.class)
        .rootCause()
        .hasMessageContaining("unknown analysis 'astrology'");
    assertThatThrownBy(() -> job.editPlan(new EditCommand("olga", new PlanEdit.RemoveStep(5))))
        .isInstanceOf(WorkflowUpdateException.class)
        .rootCause()
        .hasMessageContaining("there is no step 6");
    assertThat(job.progress().plan().steps()).hasSize(1);
    assertThat(job.progress().edits()).isEmpty();

    job.approvePlan("olga");
    assertThat(harness.result("j4").state()).isEqualTo(JobState.COMPLETED);
  }

  @Test
  void asksForClarificationAndContinuesWithTheAnswer() {
    AnalysisJobWorkflow job = harness.start("j5", "ambiguous volume ok", ApprovalMode.AUTO, 0);
    harness.awaitState(job, JobState.CLARIFICATION_REQUIRED);
    assertThat(job.progress().pendingClarification().options()).hasSize(2);

    assertThatThrownBy(
            () -> job.answerClarification(new ClarificationAnswer("volume", "happiness", "alice")))
        .isInstanceOf(WorkflowUpdateException.class)
        .rootCause()
        .hasMessageContaining("not one of the options");

    job.answerClarification(new ClarificationAnswer("volume", "withdrawal_amount", "alice"));
    JobProgress done = harness.result("j5");
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.plan().steps().get(0).args()).containsEntry("metric", "withdrawal_amount");
    assertThat(harness.jobs().eventTypes())
        .contains("clarification_asked", "clarification_answered");
    harness.record("clarification", "j5");
  }

  @Test
  void aStepThatNeedsAPersonAsksOnTheParentAndGetsTheAnswerRoutedBack() {
    AnalysisJobWorkflow job = harness.start("j11", "ask ok", ApprovalMode.AUTO, 0);
    harness.awaitState(job, JobState.CLARIFICATION_REQUIRED);
    JobProgress waiting = job.progress();
    assertThat(waiting.pendingClarification().id()).isEqualTo("grain");
    assertThat(waiting.steps().get(0).status()).isEqualTo(StepState.WAITING);

    job.answerClarification(new ClarificationAnswer("grain", "week", "alice"));
    JobProgress done = harness.result("j11");
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    assertThat(done.steps())
        .extracting(StepStatus::status)
        .containsExactly(StepState.DONE, StepState.DONE);
    assertThat(harness.analyses().attempts.get("j11:0:ask").get()).isEqualTo(2);
  }

  @Test
  void cancellingDuringAStepCancelsTheChild() {
    AnalysisJobWorkflow job = harness.start("j6", "slow ok", ApprovalMode.AUTO, 0);
    harness.awaitStep(job, 0, StepState.RUNNING);
    job.cancel(new CancelCommand("olga", "wrong question"));
    JobProgress done = harness.result("j6");
    assertThat(done.state()).isEqualTo(JobState.CANCELLED);
    assertThat(done.lastError()).contains("olga").contains("wrong question");
    assertThat(done.steps())
        .extracting(StepStatus::status)
        .containsExactly(StepState.CANCELLED, StepState.CANCELLED);
    assertThat(harness.childClosedAs("j6:0:slow"))
        .isEqualTo(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED);
    harness.record("cancel", "j6");
  }

  @Test
  void retriesATransientFailureAndShowsTheAttemptsInHistory() {
    harness.start("j7", "fail_twice", ApprovalMode.AUTO, 0);
    JobProgress done = harness.result("j7");
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    List<HistoryEvent> history = harness.history("j7:0:fail_twice");
    HistoryEvent started =
        history.stream()
            .filter(HistoryEvent::hasActivityTaskStartedEventAttributes)
            .reduce((a, b) -> b)
            .orElseThrow();
    assertThat(started.getActivityTaskStartedEventAttributes().getAttempt()).isEqualTo(3);
    assertThat(harness.analyses().attempts.get("j7:0:fail_twice").get()).isEqualTo(3);
    harness.record("failure-and-retry", "j7");
  }

  @Test
  void aValidationFailureIsNotRetriedAndTheFallbackRuns() {
    harness.start("j8", "invalid", ApprovalMode.AUTO, 0);
    JobProgress done = harness.result("j8");
    assertThat(done.state()).isEqualTo(JobState.COMPLETED);
    StepStatus step = done.steps().get(0);
    assertThat(step.usedFallback()).isTrue();
    assertThat(step.error()).contains("did you mean 'volume_amount'");
    assertThat(harness.analyses().attempts.get("j8:0:invalid").get()).isEqualTo(1);
    assertThat(harness.jobs().eventTypes()).contains("fallback_used");
    harness.record("validation-failure-fallback", "j8");
  }

  @Test
  void failsWithTheReasonWhenNothingCanBeExpressed() {
    harness.start("j9", "inexpressible happiness", ApprovalMode.AUTO, 0);
    JobProgress done = harness.result("j9");
    assertThat(done.state()).isEqualTo(JobState.FAILED);
    assertThat(done.lastError()).contains("happiness");
  }

  @Test
  void rejectsApprovalWhenNothingWaitsForIt() {
    AnalysisJobWorkflow job = harness.start("j10", "ambiguous", ApprovalMode.REQUIRE, 0);
    harness.awaitState(job, JobState.CLARIFICATION_REQUIRED);
    assertThatThrownBy(() -> job.approvePlan("alice"))
        .isInstanceOf(WorkflowUpdateException.class)
        .rootCause()
        .hasMessageContaining("while the job is CLARIFICATION_REQUIRED");
    WorkflowStub.fromTyped(job).cancel();
  }
}
