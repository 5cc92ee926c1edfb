package io.assay.analyses.forecast;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.PlanStep;

/** "Forecast the next 6 months": the metric's series at the asked grain, and the horizon. */
final class ForecastPlanning {
  private ForecastPlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(50, "the question asks what comes next", ForecastPlanning::step);

  private static PlanStep step(Asked asked) {
    ForecastPlanArgs args =
        new ForecastPlanArgs(
            asked.metric(), asked.time(), asked.filtersArg(), asked.grainArg(), asked.horizon());
    return new PlanStep(
        ForecastAnalysis.NAME, args, "forecast " + asked.metric() + " from its history", null);
  }
}
