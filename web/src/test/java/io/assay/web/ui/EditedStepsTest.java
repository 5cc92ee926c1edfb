package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.plan.PlanEdit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EditedStepsTest {
  private static PlanEditRecord by(PlanEdit edit) {
    return new PlanEditRecord("ana", "2026-01-01T00:00:00Z", edit, "");
  }

  @Test
  void noEditsMarkNothing() {
    assertThat(EditedSteps.of(List.of(), 3)).isEmpty();
    assertThat(EditedSteps.of(null, 3)).isEmpty();
  }

  @Test
  void changedArgumentsAndExclusionsMarkTheirStep() {
    assertThat(
            EditedSteps.of(
                List.of(
                    by(new PlanEdit.SetArgs(1, Map.of("grain", "week"))),
                    by(new PlanEdit.ExcludeValue(2, "shop.region", "north"))),
                3))
        .containsExactly(1, 2);
  }

  @Test
  void aMarkFollowsItsStepThroughMovesAddsAndRemovals() {
    // Planned: A B C. B edited, moved first (B A C), a step added at the front (X B A C), A
    // removed (X B C): B is now at position 1.
    List<PlanEditRecord> edits =
        List.of(
            by(new PlanEdit.SetArgs(1, Map.of("grain", "week"))),
            by(new PlanEdit.MoveStep(1, 0)),
            by(new PlanEdit.AddStep(0, "outliers", Map.of(), "my own reason")),
            by(new PlanEdit.RemoveStep(2)));
    assertThat(EditedSteps.of(edits, 3)).containsExactly(1);
  }

  @Test
  void anAddedStepKeepsItsOwnWhyUntilItsArgumentsChange() {
    List<PlanEditRecord> added =
        List.of(by(new PlanEdit.AddStep(1, "outliers", Map.of(), "look for odd accounts")));
    assertThat(EditedSteps.of(added, 2)).isEmpty();
    List<PlanEditRecord> thenChanged =
        List.of(added.get(0), by(new PlanEdit.SetArgs(1, Map.of("limit", 5))));
    assertThat(EditedSteps.of(thenChanged, 2)).containsExactly(1);
  }

  @Test
  void editsThatDoNotFitThePlanClaimNothing() {
    assertThat(EditedSteps.of(List.of(by(new PlanEdit.SetArgs(5, Map.of("grain", "week")))), 2))
        .isEmpty();
    assertThat(EditedSteps.of(List.of(by(new PlanEdit.AddStep(0, "x", Map.of(), "w"))), 0))
        .isEmpty();
  }
}
