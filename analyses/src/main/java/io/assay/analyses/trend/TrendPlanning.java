package io.assay.analyses.trend;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;

/** "Anything unusual in the monthly X in 1997?": a scan of the series over the asked window. */
final class TrendPlanning {
  private TrendPlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(
          10, "the question asks whether anything is unusual over time", TrendPlanning::step);

  private static PlanStep step(Asked asked) {
    if (asked.time() == null) {
      throw new PlanningException(
          TrendAnomaly.NAME + " needs a time window ('in 1997', 'last quarter')");
    }
    return new PlanStep(
        TrendAnomaly.NAME,
        TrendPlanArgs.of(asked.metric(), asked.time(), asked.filtersArg(), asked.grainArg()),
        "scan the "
            + asked.grain().adjective()
            + " series of "
            + asked.metric()
            + " for periods that depart from the forecast baseline",
        null);
  }
}
