package io.assay.evals.incidents;

import io.assay.contract.finding.Finding;
import io.assay.contract.plan.PlanStep;
import java.util.List;

/**
 * How a case's question is answered: as a job of the real workflow on the dataset serving the
 * injected copy, read back from what the job persisted. Implemented where the application runs (the
 * command line), so this module needs no workflow or web classes.
 */
public interface JobPath {

  /** Submits the question with auto-approval, waits for the job to end and reads its findings. */
  JobRun run(String question);

  /**
   * One job as a user would see it afterwards.
   *
   * @param decision the planner's decision (PLAN, CLARIFICATION, ...), or the job's state when it
   *     ended before a decision
   * @param steps the approved plan's steps, each with the finding the job recorded for it
   * @param millis from submission to the job's end
   * @param note why the job did not complete with a report (blank when it did)
   */
  record JobRun(String jobId, String decision, List<JobStep> steps, double millis, String note) {
    public JobRun {
      steps = List.copyOf(steps);
      note = note == null ? "" : note;
    }
  }

  /**
   * A plan step and what the job recorded for it.
   *
   * @param step the step as run (its fallback when the job used it)
   * @param finding null when the step recorded none
   * @param error why the step failed (null when it did not)
   */
  record JobStep(PlanStep step, Finding finding, String error) {}
}
