package io.assay.contract.plan;

import io.assay.contract.job.JobRequest;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import java.util.List;

/** Question understanding, planning and plan-edit validation against recon. */
@ActivityInterface
public interface PlanningActivities {

  /** Decides what to do with a question, given the clarification answers received so far. */
  @ActivityMethod
  Understanding understand(JobRequest request, List<ClarificationAnswer> answers);

  /**
   * Applies one edit to a plan after validating it against recon and the analysis's args schema. An
   * invalid edit fails with a non-retryable {@code InvalidPlanEdit} failure whose message is the
   * reason; nothing is applied.
   */
  @ActivityMethod
  Plan applyEdit(Plan plan, PlanEdit edit);
}
