package io.assay.workflows.support;

import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies an edit to a plan by its shape only, for the scripted planner of the workflow tests (the
 * real planner validates edits against recon and turns exclusions into filters).
 */
public final class StructuralEdits {
  /** The args key under which excluded code values are kept: {@code {column: [values]}}. */
  public static final String EXCLUDE = "exclude";

  private StructuralEdits() {}

  public static Plan apply(Plan plan, PlanEdit edit) {
    List<PlanStep> steps = new ArrayList<>(plan.steps());
    if (edit instanceof PlanEdit.AddStep add) {
      requireIndex(add.index(), steps.size() + 1);
      steps.add(add.index(), new PlanStep(add.analysis(), add.args(), add.why(), null));
    } else if (edit instanceof PlanEdit.RemoveStep remove) {
      requireIndex(remove.index(), steps.size());
      steps.remove(remove.index());
    } else if (edit instanceof PlanEdit.MoveStep move) {
      requireIndex(move.from(), steps.size());
      requireIndex(move.to(), steps.size());
      steps.add(move.to(), steps.remove(move.from()));
    } else if (edit instanceof PlanEdit.SetArgs set) {
      requireIndex(set.index(), steps.size());
      PlanStep step = steps.get(set.index());
      Map<String, Object> args = new LinkedHashMap<>(step.args());
      args.putAll(set.args());
      steps.set(set.index(), step.withArgs(args));
    } else if (edit instanceof PlanEdit.ExcludeValue ex) {
      requireIndex(ex.index(), steps.size());
      PlanStep step = steps.get(ex.index());
      Map<String, Object> args = new LinkedHashMap<>(step.args());
      Map<String, Object> excluded = new LinkedHashMap<>();
      if (args.get(EXCLUDE) instanceof Map<?, ?> existing) {
        existing.forEach((k, v) -> excluded.put(String.valueOf(k), v));
      }
      List<Object> values = new ArrayList<>();
      if (excluded.get(ex.column()) instanceof List<?> list) {
        values.addAll(list);
      }
      if (!values.contains(ex.value())) {
        values.add(ex.value());
      }
      excluded.put(ex.column(), values);
      args.put(EXCLUDE, excluded);
      steps.set(ex.index(), step.withArgs(args));
    }
    return new Plan(steps, plan.reason());
  }

  private static void requireIndex(int index, int bound) {
    if (index < 0 || index >= bound) {
      throw new IllegalArgumentException("there is no step " + (index + 1) + " in this plan");
    }
  }
}
