package io.assay.understand.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.assay.analyses.drill.DrillPlanArgs;
import io.assay.analyses.rca.RcaPlanArgs;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.TimeFilter;
import io.temporal.failure.ApplicationFailure;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Plan edits are validated against recon and the args schema before they apply. */
class ApplyEditTest {

  private final PlanningActivitiesImpl planning = Planning.activities(null);

  private Plan scenario() {
    return planning
        .understand(
            Planning.request(
                "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual"),
            List.of())
        .plan();
  }

  private ApplicationFailure rejected(Plan plan, PlanEdit edit) {
    ApplicationFailure f =
        catchThrowableOfType(ApplicationFailure.class, () -> planning.applyEdit(plan, edit));
    assertThat(f).as("edit %s should be rejected", edit).isNotNull();
    assertThat(f.getType()).isEqualTo("InvalidPlanEdit");
    assertThat(f.isNonRetryable()).isTrue();
    return f;
  }

  @Test
  void excludeValueAddsANotEqualFilterToTheStepAndItsFallback() {
    Plan plan = scenario();
    Plan edited = planning.applyEdit(plan, new PlanEdit.ExcludeValue(1, "trans.k_symbol", "SIPO"));
    Map<String, Object> args = edited.steps().get(1).args();
    assertThat(args.get("filters").toString()).contains("trans.k_symbol", "ne", "SIPO");
    assertThat(edited.steps().get(1).fallback().args().get("filters").toString()).contains("SIPO");
    assertThat(edited.steps().get(0)).isEqualTo(plan.steps().get(0));
    assertThat(edited.reason()).contains("excluded trans.k_symbol = 'SIPO'");
  }

  @Test
  void excludeValueOfAValueTheIndexDoesNotHoldIsRejectedWithDidYouMean() {
    ApplicationFailure f =
        rejected(scenario(), new PlanEdit.ExcludeValue(1, "district.a2", "Sokolow"));
    assertThat(f.getOriginalMessage())
        .contains("'Sokolow' is not a value of district.a2")
        .contains("did you mean 'Sokolov'");
  }

  @Test
  void excludeValueOnAnUnknownColumnIsRejectedWithDidYouMean() {
    ApplicationFailure f =
        rejected(scenario(), new PlanEdit.ExcludeValue(1, "district.a22", "Sokolov"));
    assertThat(f.getOriginalMessage())
        .contains("unknown column 'district.a22'")
        .contains("did you mean");
  }

  @Test
  void setArgsWithAnUnknownMetricIsRejectedWithDidYouMean() {
    ApplicationFailure f =
        rejected(scenario(), new PlanEdit.SetArgs(0, Map.of("metric", "cash_withdrawl_amount")));
    assertThat(f.getOriginalMessage())
        .contains("unknown metric 'cash_withdrawl_amount'")
        .contains("cash_withdrawal_amount");
  }

  @Test
  void setArgsWithAnUnknownDimensionIsRejected() {
    ApplicationFailure f =
        rejected(
            scenario(), new PlanEdit.SetArgs(1, Map.of("dimensions", List.of("district.region"))));
    assertThat(f.getOriginalMessage()).contains("unknown column 'district.region'");
  }

  @Test
  void setArgsChangesTheStepAndTheFallbackFollowsSharedArgs() {
    Plan edited =
        planning.applyEdit(
            scenario(),
            new PlanEdit.SetArgs(1, Map.of("time", Map.of("kind", "year", "year", 1996))));
    assertThat(edited.steps().get(1).args().get("time"))
        .isEqualTo(Map.of("kind", "year", "year", 1996));
    assertThat(edited.steps().get(1).fallback().args().get("time"))
        .isEqualTo(Map.of("kind", "year", "year", 1996));
    // the edit arrives as JSON; the plan it makes carries the analyses' records
    assertThat(edited.steps().get(1).stepArgs())
        .isInstanceOfSatisfying(
            DrillPlanArgs.class, d -> assertThat(d.time()).isEqualTo(new TimeFilter.Year(1996)));
    assertThat(edited.steps().get(1).fallback().stepArgs()).isInstanceOf(RcaPlanArgs.class);
    Map<String, Object> removeGrain = new HashMap<>();
    removeGrain.put("grain", null);
    assertThat(
            planning.applyEdit(edited, new PlanEdit.SetArgs(0, removeGrain)).steps().get(0).args())
        .doesNotContainKey("grain");
  }

  @Test
  void addStepChecksTheAnalysisAndItsArgs() {
    Plan plan = scenario();
    ApplicationFailure unknown =
        rejected(
            plan,
            new PlanEdit.AddStep(2, "forcast", Map.of("metric", "cash_withdrawal_amount"), "why"));
    assertThat(unknown.getOriginalMessage())
        .contains("unknown analysis 'forcast'")
        .contains("did you mean 'forecast'");
    ApplicationFailure missing = rejected(plan, new PlanEdit.AddStep(2, "forecast", Map.of(), ""));
    assertThat(missing.getOriginalMessage()).contains("missing required arg 'metric'");
    Plan added =
        planning.applyEdit(
            plan,
            new PlanEdit.AddStep(
                2,
                "forecast",
                Map.of("metric", "cash_withdrawal_amount", "horizon", 3),
                "what comes next"));
    assertThat(added.steps())
        .extracting(PlanStep::analysis)
        .containsExactly("trend_anomaly", "drill_down", "forecast");
  }

  @Test
  void indexesOutsideThePlanAreRejected() {
    Plan plan = scenario();
    assertThat(rejected(plan, new PlanEdit.RemoveStep(5)).getOriginalMessage())
        .contains("step 6 is outside 1..2");
    assertThat(rejected(plan, new PlanEdit.MoveStep(0, 2)).getOriginalMessage())
        .contains("move_step to");
    Plan moved = planning.applyEdit(plan, new PlanEdit.MoveStep(1, 0));
    assertThat(moved.steps())
        .extracting(PlanStep::analysis)
        .containsExactly("drill_down", "trend_anomaly");
    Plan one = planning.applyEdit(plan, new PlanEdit.RemoveStep(1));
    assertThat(rejected(one, new PlanEdit.RemoveStep(0)).getOriginalMessage())
        .contains("at least one step");
  }

  @Test
  void excludeValueOnADirectAnswerGoesIntoItsPickAndTheFiltersAreChecked() {
    Plan plan =
        planning
            .understand(Planning.request("How many loans were approved in 1997?"), List.of())
            .plan();
    Plan edited = planning.applyEdit(plan, new PlanEdit.ExcludeValue(0, "loan.status", "A"));
    Pick p = PickJson.mapper().convertValue(edited.steps().get(0).args().get("pick"), Pick.class);
    assertThat(p.filters().toString()).contains("loan.status", "NE", "A");
    Map<String, Object> badPick = new HashMap<>(PickJson.mapper().convertValue(p, Map.class));
    badPick.put(
        "filters",
        List.of(Map.of("kind", "compare", "column", "loan.status", "op", "eq", "value", "Z")));
    ApplicationFailure f = rejected(plan, new PlanEdit.SetArgs(0, Map.of("pick", badPick)));
    assertThat(f.getOriginalMessage()).contains("'Z' is not a value of loan.status");
  }
}
