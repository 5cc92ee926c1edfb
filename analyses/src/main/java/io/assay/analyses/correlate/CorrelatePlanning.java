package io.assay.analyses.correlate;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;

/** "How do X and Y move together?": every metric named (up to five), over the asked scope. */
final class CorrelatePlanning {
  private CorrelatePlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(60, "the question asks how metrics move together", CorrelatePlanning::step);

  private static PlanStep step(Asked asked) {
    if (asked.metrics().size() < 2) {
      throw new PlanningException(
          "a correlation needs two metrics; the question names " + asked.metrics().size());
    }
    return new PlanStep(
        Correlate.NAME,
        new CorrelatePlanArgs(
            asked.metrics().stream().distinct().limit(5).toList(),
            asked.grainArg(),
            asked.time(),
            asked.filtersArg()),
        "correlate " + String.join(" and ", asked.metrics()) + " over time",
        null);
  }
}
