package io.assay.analyses.correlate;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepArgs;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;
import java.util.LinkedHashMap;
import java.util.Map;

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
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("metrics", asked.metrics().stream().distinct().limit(5).toList());
    a.put("grain", StepArgs.json(asked.grain()));
    a.putAll(asked.scope());
    return new PlanStep(
        Correlate.NAME,
        a,
        "correlate " + String.join(" and ", asked.metrics()) + " over time",
        null);
  }
}
