package io.assay.web.ui;

import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.plan.PlanEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which steps of the current plan had their arguments changed by people. A step's "why" is the
 * planner's text from before those changes (a step edited to weekly still says "the monthly
 * series"), so the page says so instead of passing it off as current. The edits are replayed in
 * order, so adds, removals and moves carry each mark to the step's present position.
 */
final class EditedSteps {
  private EditedSteps() {}

  /** Positions (0-based) in a plan of {@code size} steps; empty when the edits do not add up. */
  static Set<Integer> of(List<PlanEditRecord> edits, int size) {
    if (edits == null || edits.isEmpty()) {
      return Set.of();
    }
    int initial = size;
    for (PlanEditRecord r : edits) {
      if (r.edit() instanceof PlanEdit.AddStep) {
        initial--;
      } else if (r.edit() instanceof PlanEdit.RemoveStep) {
        initial++;
      }
    }
    if (initial < 0) {
      return Set.of();
    }
    List<Boolean> edited = new ArrayList<>();
    for (int i = 0; i < initial; i++) {
      edited.add(false);
    }
    for (PlanEditRecord r : edits) {
      if (!apply(edited, r.edit())) {
        return Set.of(); // a record that does not fit the plan: claim nothing
      }
    }
    Set<Integer> out = new TreeSet<>();
    for (int i = 0; i < edited.size(); i++) {
      if (edited.get(i)) {
        out.add(i);
      }
    }
    return out;
  }

  private static boolean apply(List<Boolean> edited, PlanEdit edit) {
    int n = edited.size();
    if (edit instanceof PlanEdit.AddStep add) {
      if (add.index() < 0 || add.index() > n) {
        return false;
      }
      // An added step's why is the person's own, written with its arguments.
      edited.add(add.index(), false);
    } else if (edit instanceof PlanEdit.RemoveStep remove) {
      if (!in(remove.index(), n)) {
        return false;
      }
      edited.remove(remove.index());
    } else if (edit instanceof PlanEdit.MoveStep move) {
      if (!in(move.from(), n) || !in(move.to(), n)) {
        return false;
      }
      edited.add(move.to(), edited.remove(move.from()));
    } else if (edit instanceof PlanEdit.SetArgs set) {
      if (!in(set.index(), n)) {
        return false;
      }
      edited.set(set.index(), true);
    } else if (edit instanceof PlanEdit.ExcludeValue exclude) {
      if (!in(exclude.index(), n)) {
        return false;
      }
      edited.set(exclude.index(), true);
    }
    return true;
  }

  private static boolean in(int index, int size) {
    return index >= 0 && index < size;
  }
}
