package io.assay.analyses.forecast;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepArgs;
import io.assay.contract.plan.PlanStep;
import java.util.Map;

/** "Forecast the next 6 months": the metric's series at the asked grain, and the horizon. */
final class ForecastPlanning {
  private ForecastPlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(50, "the question asks what comes next", ForecastPlanning::step);

  private static PlanStep step(Asked asked) {
    Map<String, Object> a = asked.args();
    a.put("grain", StepArgs.json(asked.grain()));
    if (asked.horizon() != null) {
      a.put("horizon", asked.horizon());
    }
    return new PlanStep(
        ForecastAnalysis.NAME, a, "forecast " + asked.metric() + " from its history", null);
  }
}
