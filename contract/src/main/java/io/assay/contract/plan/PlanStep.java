package io.assay.contract.plan;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.Map;
import java.util.Objects;

/**
 * One step of a plan: which analysis runs, with which arguments, and why.
 *
 * @param stepArgs the analysis's typed args record when a planner built the step, otherwise {@link
 *     StepArgs.Raw}; validated against the analysis's args schema before the step is accepted into
 *     a plan. Its payload is the JSON object {@code "args"} always was.
 * @param fallback runs when this step fails or finds nothing; null when there is none
 */
public record PlanStep(
    String analysis,
    @JsonProperty("args")
        @JsonSerialize(using = StepArgsJson.Writer.class)
        @JsonDeserialize(using = StepArgsJson.Reader.class)
        StepArgs stepArgs,
    String why,
    PlanStep fallback) {
  public PlanStep {
    stepArgs = stepArgs == null ? StepArgs.of(null) : stepArgs;
    why = why == null ? "" : why;
  }

  /** A step whose args are given as JSON (a person's edit, a test). */
  public PlanStep(String analysis, Map<String, Object> args, String why, PlanStep fallback) {
    this(analysis, StepArgs.of(args), why, fallback);
  }

  /**
   * The args as JSON: the one map view of them, for whatever shows or edits args by name (forms,
   * report words, edits).
   */
  public Map<String, Object> args() {
    return stepArgs.json();
  }

  public PlanStep withArgs(StepArgs newArgs) {
    return new PlanStep(analysis, newArgs, why, fallback);
  }

  public PlanStep withArgs(Map<String, Object> newArgs) {
    return withArgs(StepArgs.of(newArgs));
  }

  /**
   * Steps are equal when they run the same analysis on the same args as JSON: typed or not, they
   * run alike and travel alike.
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof PlanStep p
        && Objects.equals(analysis, p.analysis)
        && args().equals(p.args())
        && why.equals(p.why)
        && Objects.equals(fallback, p.fallback);
  }

  @Override
  public int hashCode() {
    return Objects.hash(analysis, args(), why, fallback);
  }
}
