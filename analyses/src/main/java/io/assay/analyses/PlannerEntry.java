package io.assay.analyses;

import io.assay.contract.plan.PlanStep;
import java.util.function.Function;

/**
 * How the deterministic planner plans an analysis: a question carrying one of the analysis's cue
 * words (or, for an analysis without cue words, a question carrying none) gets the step {@link
 * #step} builds. The planner checks the step's args against the analysis's schema.
 *
 * @param order where the step goes among the plan's steps; lower first. A scan (10) comes before a
 *     comparison (20) and before a drill-down (30), which explains the interval the scan located;
 *     then outliers (40), a forecast (50), a correlation (60)
 * @param why the plan's reason when this step is in it ("the question compares periods")
 */
public record PlannerEntry(int order, String why, Function<Asked, PlanStep> builder) {

  /** The step for the question; throws {@code PlanningException} when it cannot be planned. */
  public PlanStep step(Asked asked) {
    return builder.apply(asked);
  }
}
