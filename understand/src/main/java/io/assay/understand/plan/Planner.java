package io.assay.understand.plan;

import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanningException;

/**
 * Turns an understood question into an ordered plan of analysis steps whose args are valid against
 * each analysis's args schema. Two implementations: {@link DeterministicPlanner} (the default) and
 * {@link LlmPlanner}, which lets a chat model choose analyses and args from sets built from recon
 * and the analysis catalog, and falls back to the deterministic planner.
 */
public interface Planner {

  /**
   * @throws PlanningException when no valid plan can be made; its message says what is missing
   */
  Plan plan(PlanRequest request);
}
