package io.assay.workflows.job;

import io.assay.contract.job.JobState;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.workflow.EditCommand;
import io.assay.contract.workflow.RetryCommand;
import java.util.Collection;
import java.util.List;

/**
 * The checks a person's request to steer a job must pass before the workflow accepts it (update
 * validators): they read the job's state and change nothing, so a refused request leaves no trace
 * in the history.
 */
final class SteeringChecks {
  private SteeringChecks() {}

  static void requireState(String action, JobState state, JobState... allowed) {
    for (JobState s : allowed) {
      if (state == s) {
        return;
      }
    }
    throw new IllegalStateException("cannot " + action + " while the job is " + state);
  }

  static void requireText(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("the " + what + " must be named");
    }
  }

  /**
   * A plan edit: by a named person, while the plan may still change. A failed or empty step that
   * already ran may have its arguments changed, so that "run again" runs it with them; every other
   * edit applies to steps that have not started.
   */
  static void edit(
      EditCommand command,
      JobState state,
      int planSteps,
      List<StepStatus> steps,
      int nextStep,
      Collection<Integer> retries) {
    requireState(
        "edit the plan", state, JobState.AWAITING_APPROVAL, JobState.PLANNED, JobState.EXECUTING);
    requireText(command == null ? null : command.by(), "editor");
    if (command.edit() == null) {
      throw new IllegalArgumentException("an edit is required");
    }
    Integer target = PlanEdits.argsTarget(command.edit());
    boolean rerunnable =
        target != null
            && target >= 0
            && target < nextStep
            && target < steps.size()
            && (steps.get(target).status() == StepState.FAILED
                || steps.get(target).status() == StepState.EMPTY)
            && !retries.contains(target);
    if (!rerunnable) {
      PlanEdits.checkIndices(command.edit(), planSteps, nextStep);
    }
  }

  /** An answer to the pending clarification, by a named person, with one of its options. */
  static void answer(Clarification pending, ClarificationAnswer answer) {
    if (pending == null) {
      throw new IllegalStateException("no clarification is pending");
    }
    if (answer == null || !pending.id().equals(answer.clarificationId())) {
      throw new IllegalArgumentException(
          "the answer refers to another clarification than '" + pending.id() + "'");
    }
    requireText(answer.answeredBy(), "person answering");
    boolean known = pending.options().stream().anyMatch(o -> o.value().equals(answer.value()));
    if (!known) {
      throw new IllegalArgumentException(
          "'"
              + answer.value()
              + "' is not one of the options: "
              + pending.options().stream().map(Clarification.Option::value).toList());
    }
  }

  /** A retry of a failed or empty step of a running job, not already queued. */
  static void retry(
      RetryCommand command, JobState state, List<StepStatus> steps, Collection<Integer> retries) {
    requireState("retry a step", state, JobState.EXECUTING);
    requireText(command == null ? null : command.by(), "person retrying");
    int i = command.stepIndex();
    if (i < 0 || i >= steps.size()) {
      throw new IllegalArgumentException(
          "step " + (i + 1) + " does not exist; the plan has " + steps.size() + " steps");
    }
    StepState status = steps.get(i).status();
    if (status != StepState.FAILED && status != StepState.EMPTY) {
      throw new IllegalStateException(
          "step " + (i + 1) + " is " + status + "; only a failed or empty step can be retried");
    }
    if (retries.contains(i)) {
      throw new IllegalStateException("step " + (i + 1) + " is already queued for a retry");
    }
  }
}
