package io.assay.workflows.job;

import io.assay.contract.plan.PlanEdit;

/** Structural checks and human-readable descriptions of plan edits, run inside the workflow. */
final class PlanEdits {
  private PlanEdits() {}

  /**
   * Rejects an edit that points outside the plan or at a step that has already started. Recon and
   * args-schema checks happen afterwards, in the planning activity.
   */
  static void checkIndices(PlanEdit edit, int size, int firstEditable) {
    if (edit instanceof PlanEdit.AddStep add) {
      inRange(add.index(), firstEditable, size, "insert at");
      if (add.analysis() == null || add.analysis().isBlank()) {
        throw new IllegalArgumentException("a new step must name its analysis");
      }
    } else if (edit instanceof PlanEdit.RemoveStep remove) {
      inRange(remove.index(), firstEditable, size - 1, "remove");
      if (size == 1) {
        throw new IllegalArgumentException("cannot remove the only step; cancel the job instead");
      }
    } else if (edit instanceof PlanEdit.MoveStep move) {
      inRange(move.from(), firstEditable, size - 1, "move");
      inRange(move.to(), firstEditable, size - 1, "move to");
    } else if (edit instanceof PlanEdit.SetArgs set) {
      inRange(set.index(), firstEditable, size - 1, "change");
      if (set.args() == null || set.args().isEmpty()) {
        throw new IllegalArgumentException("set_args needs at least one argument");
      }
    } else if (edit instanceof PlanEdit.ExcludeValue ex) {
      inRange(ex.index(), firstEditable, size - 1, "change");
      if (ex.column() == null || ex.column().isBlank() || ex.value() == null) {
        throw new IllegalArgumentException("exclude_value needs a column and a value");
      }
    }
  }

  /** The step whose arguments {@code edit} changes (set_args, exclude_value); null for others. */
  static Integer argsTarget(PlanEdit edit) {
    if (edit instanceof PlanEdit.SetArgs set) {
      return set.index();
    }
    return edit instanceof PlanEdit.ExcludeValue ex ? ex.index() : null;
  }

  /** Steps are numbered from 1 for people; the index arithmetic is widened so it cannot wrap. */
  private static void inRange(int index, int min, int max, String action) {
    if (index < min || index > max) {
      long number = (long) index + 1;
      String why =
          index < min && index >= 0
              ? "step " + number + " has already started"
              : "there is no step " + number + " (the plan has steps 1 to " + (max + 1) + ")";
      throw new IllegalArgumentException("cannot " + action + " step " + number + ": " + why);
    }
  }

  /** One line a person reads in the report: what changed. */
  static String describe(PlanEdit edit) {
    if (edit instanceof PlanEdit.AddStep add) {
      return "added step "
          + (add.index() + 1)
          + ": "
          + add.analysis()
          + (add.args() == null || add.args().isEmpty() ? "" : " with " + words(add.args()));
    } else if (edit instanceof PlanEdit.RemoveStep remove) {
      return "removed step " + (remove.index() + 1);
    } else if (edit instanceof PlanEdit.MoveStep move) {
      return "moved step " + (move.from() + 1) + " to position " + (move.to() + 1);
    } else if (edit instanceof PlanEdit.SetArgs set) {
      return "changed step " + (set.index() + 1) + ": " + words(set.args());
    } else if (edit instanceof PlanEdit.ExcludeValue ex) {
      return "excluded " + ex.column() + " = '" + ex.value() + "' from step " + (ex.index() + 1);
    }
    throw new IllegalArgumentException("unknown edit " + edit);
  }

  /** Arguments as a person reads them: "grain set to week, dimensions set to district, sex". */
  private static String words(java.util.Map<String, Object> args) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    args.forEach(
        (k, v) ->
            parts.add(
                k.replace('_', ' ')
                    + " set to "
                    + (v instanceof java.util.Collection<?> c
                        ? String.join(", ", c.stream().map(String::valueOf).toList())
                        : String.valueOf(v))));
    return String.join("; ", parts);
  }
}
