package io.assay.contract.plan;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One step of a plan: which analysis runs, with which arguments, and why.
 *
 * @param args JSON-shaped arguments, validated against the analysis's args schema before the step
 *     is accepted into a plan
 * @param fallback runs when this step fails or finds nothing; null when there is none
 */
public record PlanStep(String analysis, Map<String, Object> args, String why, PlanStep fallback) {
  public PlanStep {
    args =
        args == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(args));
    why = why == null ? "" : why;
  }

  public PlanStep withArgs(Map<String, Object> newArgs) {
    return new PlanStep(analysis, newArgs, why, fallback);
  }
}
