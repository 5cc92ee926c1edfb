package io.assay.contract.plan;

import java.util.List;

/** An ordered list of analysis steps, with the reason the planner gave for it. */
public record Plan(List<PlanStep> steps, String reason) {
  public Plan {
    steps = steps == null ? List.of() : List.copyOf(steps);
    reason = reason == null ? "" : reason;
  }
}
