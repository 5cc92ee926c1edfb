package io.assay.analyses.outliers;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;

/** "Which districts stand out?": the entities are the question's first grouping. */
final class OutlierPlanning {
  private OutlierPlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(40, "the question asks which entities stand out", OutlierPlanning::step);

  private static PlanStep step(Asked asked) {
    if (asked.groupBy().isEmpty()) {
      throw new PlanningException(
          "outliers among what? name the entities, e.g. 'per district' or 'per account'");
    }
    return new PlanStep(
        FindOutliers.NAME,
        OutliersPlanArgs.of(
            asked.metric(), asked.time(), asked.filtersArg(), asked.groupBy().get(0).toString()),
        "find the " + asked.groupBy().get(0) + " whose " + asked.metric() + " stands out",
        null);
  }
}
