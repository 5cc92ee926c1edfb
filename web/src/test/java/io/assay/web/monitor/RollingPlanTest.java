package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.support.Periods;
import io.assay.contract.monitor.AlertRule;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RollingPlanTest {
  private static final AnalysisRegistry REGISTRY = AnalysisRegistry.discover();
  private static final DateRange SPAN =
      new DateRange(LocalDate.of(1993, 1, 1), LocalDate.of(1998, 12, 31));

  private static PlanStep trend(Map<String, Object> time) {
    return new PlanStep(
        "trend_anomaly",
        Map.of("metric", "cash_withdrawal_amount", "grain", "month", "time", time),
        "scan",
        null);
  }

  private static RollingPlan.Window window(Plan plan, AlertRule rule, Integer periods) {
    return RollingPlan.of(
        plan,
        rule,
        periods,
        REGISTRY,
        m -> SPAN,
        t -> {
          Map<?, ?> map = (Map<?, ?>) t;
          return map.get("kind").equals("year")
              ? new TimeFilter.Year(((Number) map.get("year")).intValue())
              : new TimeFilter.Relative(TimeGrain.MONTH, ((Number) map.get("count")).intValue(), 0);
        });
  }

  @Test
  void theApprovedWindowSetsTheNumberOfPeriods() {
    Plan year = new Plan(List.of(trend(Map.of("kind", "year", "year", 1997))), "");
    assertThat(window(year, AlertRule.LATEST_PERIOD_FLAGGED, null))
        .isEqualTo(new RollingPlan.Window(TimeGrain.MONTH, 12, "cash_withdrawal_amount"));
    Plan six = new Plan(List.of(trend(Map.of("kind", "relative", "count", 6))), "");
    assertThat(window(six, AlertRule.ALWAYS, null).periods()).isEqualTo(6);
    assertThat(window(six, AlertRule.ALWAYS, 24).periods()).isEqualTo(24);
  }

  @Test
  void plansThatCannotRollAreRefusedWithTheReason() {
    Plan direct = new Plan(List.of(new PlanStep("direct_answer", Map.of(), "", null)), "");
    assertThatThrownBy(() -> window(direct, AlertRule.LATEST_PERIOD_FLAGGED, null))
        .hasMessageContaining("no trend_anomaly step")
        .hasMessageContaining("ALWAYS");
    Plan compare =
        new Plan(
            List.of(
                trend(Map.of("kind", "year", "year", 1997)),
                new PlanStep(
                    "compare_periods",
                    Map.of("baseline", Map.of("kind", "year", "year", 1996)),
                    "",
                    null)),
            "");
    assertThatThrownBy(() -> window(compare, AlertRule.ALWAYS, null))
        .hasMessageContaining("step 2 (compare_periods)")
        .hasMessageContaining("'baseline'");
  }

  @Test
  void eachRunScansTheLastPeriodsUpToTheLatestCompleteOne() {
    // As of 1 July 1997 the latest complete month is June.
    assertThat(RollingPlan.window(TimeGrain.MONTH, 12, LocalDate.of(1997, 7, 1), null))
        .isEqualTo(new Periods.Range(LocalDate.of(1996, 7, 1), LocalDate.of(1997, 6, 30)));
    // Mid-month, the month under way is not complete.
    assertThat(RollingPlan.window(TimeGrain.MONTH, 3, LocalDate.of(1997, 7, 15), null))
        .isEqualTo(new Periods.Range(LocalDate.of(1997, 4, 1), LocalDate.of(1997, 6, 30)));
    // Data that ends earlier than the clock bounds the window.
    assertThat(
            RollingPlan.window(
                TimeGrain.MONTH, 12, LocalDate.of(2026, 12, 2), LocalDate.of(1998, 12, 31)))
        .isEqualTo(new Periods.Range(LocalDate.of(1998, 1, 1), LocalDate.of(1998, 12, 31)));
    assertThat(
            RollingPlan.window(
                TimeGrain.QUARTER, 4, LocalDate.of(2026, 12, 2), LocalDate.of(1998, 11, 20)))
        .isEqualTo(new Periods.Range(LocalDate.of(1997, 10, 1), LocalDate.of(1998, 9, 30)));
  }

  @Test
  void resolvingReplacesEveryWindowFallbacksIncluded() {
    PlanStep withFallback =
        new PlanStep(
            "trend_anomaly",
            Map.of("metric", "m", "time", Map.of("kind", "year", "year", 1997)),
            "",
            new PlanStep(
                "outliers", Map.of("time", Map.of("kind", "year", "year", 1997)), "", null));
    Plan resolved =
        RollingPlan.resolve(
            new Plan(List.of(withFallback), "r"),
            new Periods.Range(LocalDate.of(1996, 7, 1), LocalDate.of(1997, 6, 30)),
            s -> s);
    Map<String, Object> range = Map.of("kind", "range", "from", "1996-07-01", "to", "1997-06-30");
    assertThat(resolved.steps().get(0).args().get("time")).isEqualTo(range);
    assertThat(resolved.steps().get(0).fallback().args().get("time")).isEqualTo(range);
  }
}
