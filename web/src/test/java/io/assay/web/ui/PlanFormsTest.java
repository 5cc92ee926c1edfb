package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.plan.PlanEdit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanFormsTest {
  private final ObjectMapper json = new ObjectMapper();
  private final Map<String, Object> current =
      new LinkedHashMap<>(
          Map.of("metric", "withdrawals", "grain", "month", "dimensions", List.of("district.a3")));

  @Test
  void onlyChangedAndAddedArgumentsAreSent() {
    PlanEdit.SetArgs edit =
        PlanForms.setArgs(
            json,
            1,
            current,
            "{\"dimensions\": [\"district.a3\"], \"metric\": \"withdrawals\", \"grain\": \"quarter\", \"top\": 5}");

    assertThat(edit.index()).isEqualTo(1);
    assertThat(edit.args()).containsOnly(Map.entry("grain", "quarter"), Map.entry("top", 5));
  }

  @Test
  void aDeletedArgumentIsSentAsNullAndChangingNothingIsRefused() throws Exception {
    PlanEdit.SetArgs edit =
        PlanForms.setArgs(json, 0, current, "{\"metric\": \"withdrawals\", \"grain\": \"month\"}");
    assertThat(edit.args()).hasSize(1).containsEntry("dimensions", null);

    assertThatThrownBy(() -> PlanForms.setArgs(json, 0, current, json.writeValueAsString(current)))
        .isInstanceOf(PlanForms.InvalidInput.class)
        .hasMessage("Nothing changed in the arguments of step 1.");
  }

  @Test
  void argumentsThatAreNotAJsonObjectAreRefusedWithWhere() {
    assertThatThrownBy(() -> PlanForms.setArgs(json, 0, current, "{\"grain\": month}"))
        .isInstanceOf(PlanForms.InvalidInput.class)
        .hasMessageStartingWith("The arguments are not a JSON object")
        .hasMessageContaining("line 1");
    assertThatThrownBy(() -> PlanForms.setArgs(json, 0, current, "[1, 2]"))
        .isInstanceOf(PlanForms.InvalidInput.class);
    assertThatThrownBy(() -> PlanForms.setArgs(json, 0, current, "null"))
        .hasMessageContaining("must be a JSON object");
  }

  @Test
  void addStepChecksPositionAndAnalysis() {
    PlanEdit.AddStep add =
        PlanForms.addStep(json, 3, 2, "direct_answer", "{\"metric\": \"accounts\"}", " ");
    assertThat(add.index()).isEqualTo(2);
    assertThat(add.args()).containsEntry("metric", "accounts");
    assertThat(add.why()).isEqualTo("added by a person");

    assertThat(PlanForms.addStep(json, 1, 0, "direct_answer", "", "x").args()).isEmpty();
    assertThatThrownBy(() -> PlanForms.addStep(json, 4, 2, "direct_answer", "{}", ""))
        .hasMessage("The new step's position must be between 1 and 3.");
    assertThatThrownBy(() -> PlanForms.addStep(json, 1, 2, " ", "{}", ""))
        .hasMessage("Choose the analysis the new step runs.");
  }

  @Test
  void excludeNeedsAColumnAndAValue() {
    assertThat(PlanForms.exclude(0, " trans.operation ", "VYBER KARTOU"))
        .isEqualTo(new PlanEdit.ExcludeValue(0, "trans.operation", "VYBER KARTOU"));
    assertThatThrownBy(() -> PlanForms.exclude(0, "", "x"))
        .isInstanceOf(PlanForms.InvalidInput.class);
    assertThatThrownBy(() -> PlanForms.exclude(0, "trans.operation", ""))
        .isInstanceOf(PlanForms.InvalidInput.class);
  }
}
