package io.assay.analyses.direct;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;

/** A question without an analysis cue: one composed query of the understood Pick answers it. */
final class DirectPlanning {
  private DirectPlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(
          0, "direct answer: the question asks for figures, not an analysis", DirectPlanning::step);

  private static PlanStep step(Asked asked) {
    if (asked.pick() == null) {
      throw new PlanningException("nothing to answer: the question was not understood");
    }
    return new PlanStep(
        DirectAnswer.NAME,
        new DirectPlanArgs(asked.pick()),
        "a lookup or aggregation: one composed query answers it",
        null);
  }
}
