package io.assay.contract.plan;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/**
 * A change a person makes to a plan before or while it runs. Each edit is validated against recon
 * and the analysis's args schema; an invalid edit is rejected whole.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
@JsonSubTypes({
  @JsonSubTypes.Type(value = PlanEdit.AddStep.class, name = "add_step"),
  @JsonSubTypes.Type(value = PlanEdit.RemoveStep.class, name = "remove_step"),
  @JsonSubTypes.Type(value = PlanEdit.MoveStep.class, name = "move_step"),
  @JsonSubTypes.Type(value = PlanEdit.SetArgs.class, name = "set_args"),
  @JsonSubTypes.Type(value = PlanEdit.ExcludeValue.class, name = "exclude_value")
})
public sealed interface PlanEdit {

  /** Inserts a step at {@code index} (0-based; equal to the plan size appends). */
  record AddStep(int index, String analysis, Map<String, Object> args, String why)
      implements PlanEdit {}

  record RemoveStep(int index) implements PlanEdit {}

  record MoveStep(int from, int to) implements PlanEdit {}

  /** Replaces the given argument keys of a step (time grain, dimensions, filters, ...). */
  record SetArgs(int index, Map<String, Object> args) implements PlanEdit {}

  /** Excludes one code value of a column from a step's data, e.g. operation = 'VYBER KARTOU'. */
  record ExcludeValue(int index, String column, String value) implements PlanEdit {}
}
