package io.assay.report.words;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepWordsTest {
  private final Labels labels =
      Labels.of(
          Map.of(
              "district.a3", "Region",
              "district.a2", "District name",
              "trans.operation", "Mode",
              "card_withdrawal_amount", "Card withdrawal amount"));
  private final StepWords words = new StepWords(labels);

  @Test
  void aStepIsTitledFromItsCurrentArguments() {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("metric", "card_withdrawal_amount");
    args.put("grain", "month");
    args.put("time", Map.of("kind", "year", "year", 1997));
    PlanStep trend = new PlanStep("trend_anomaly", args, "the planner's reason", null);
    assertThat(words.title(trend))
        .isEqualTo("Trend anomaly: monthly card withdrawal amount in 1997");
    // Edited to weekly, it reads weekly.
    assertThat(
            words.title(
                trend.withArgs(Map.of("metric", "card_withdrawal_amount", "grain", "week"))))
        .isEqualTo("Trend anomaly: weekly card withdrawal amount");
    // A monitor's rolling window: whole months read as months.
    assertThat(
            words.title(
                trend.withArgs(
                    Map.of(
                        "metric",
                        "card_withdrawal_amount",
                        "grain",
                        "month",
                        "time",
                        Map.of("kind", "range", "from", "1995-12-01", "to", "1996-11-30")))))
        .isEqualTo(
            "Trend anomaly: monthly card withdrawal amount in December 1995 to November 1996");
    PlanStep drill =
        new PlanStep(
            "drill_down",
            Map.of(
                "metric",
                "card_withdrawal_amount",
                "dimensions",
                List.of("district.a3", "district.a2"),
                "actual",
                Map.of("kind", "month", "year", 1997, "month", 6)),
            "",
            null);
    assertThat(words.title(drill))
        .isEqualTo("Drill down: card withdrawal amount by region, district name for June 1997");
  }

  @Test
  void aDirectAnswerIsTitledFromItsPick() {
    Map<String, Object> pick =
        Map.of(
            "groupBy", List.of("district.a2"),
            "measures", List.of(Map.of("kind", "metric", "metric", "card_withdrawal_amount")));
    assertThat(words.title(new PlanStep("direct_answer", Map.of("pick", pick), "", null)))
        .isEqualTo("Direct answer: card withdrawal amount by district name");
    // Its period belongs in the title: a table of totals says which year it totals.
    Map<String, Object> yearly = new LinkedHashMap<>(pick);
    yearly.put("time", Map.of("kind", "quarter", "year", 2004, "quarter", 3));
    assertThat(words.title(new PlanStep("direct_answer", Map.of("pick", yearly), "", null)))
        .isEqualTo("Direct answer: card withdrawal amount by district name in Q3 2004");
    yearly.put("time", Map.of("kind", "relative", "grain", "MONTH", "count", 3, "offset", 0));
    assertThat(words.title(new PlanStep("direct_answer", Map.of("pick", yearly), "", null)))
        .isEqualTo("Direct answer: card withdrawal amount by district name over the last 3 months");
  }

  @Test
  void filtersAndEditsReadAsSentences() {
    PlanStep step =
        new PlanStep(
            "drill_down",
            Map.of(
                "filters",
                List.of(
                    Map.of(
                        "kind",
                        "compare",
                        "column",
                        "trans.operation",
                        "op",
                        "ne",
                        "value",
                        "VYBER KARTOU"))),
            "",
            null);
    assertThat(words.filters(step)).containsExactly("Mode ≠ 'VYBER KARTOU'");
    assertThat(words.edit(new PlanEdit.SetArgs(0, Map.of("grain", "week"))))
        .isEqualTo("changed step 1: grain set to week");
    assertThat(words.edit(new PlanEdit.ExcludeValue(1, "trans.operation", "VKLAD")))
        .isEqualTo("excluded mode 'VKLAD' from step 2");
    assertThat(words.edit(new PlanEdit.RemoveStep(Integer.MAX_VALUE)))
        .isEqualTo("removed step 2147483648");
  }

  @Test
  void rawNamesWithoutALabelLoseTheirUnderscores() {
    assertThat(labels.label("district.a3")).isEqualTo("Region");
    assertThat(labels.label("withdrawal_count")).isEqualTo("Withdrawal count");
    assertThat(Labels.NONE.label("trans.k_symbol")).isEqualTo("K symbol");
  }
}
