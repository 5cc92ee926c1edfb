package io.assay.analyses.drill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.InvalidArgsException;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.StepArgs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DrillDownTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void explainsTheGrowthOfCardWithdrawalsYearOverYear() {
    AnalysisContext ctx = fx.context("drill");
    Finding f =
        fx.runner()
            .run(
                "drill_down",
                StepArgs.of(
                    Map.of(
                        "metric", "card_withdrawal_amount",
                        "actual", Map.of("kind", "year", "year", 1998),
                        "baseline", Map.of("kind", "year", "year", 1997),
                        "grain", "year",
                        "dimensions", List.of("district.a3", "district.a2"))),
                "Which regions drove card withdrawals from 1997 to 1998?",
                ctx);
    assertThat(f.status()).isIn(FindingStatus.OK, FindingStatus.EMPTY);
    if (f.status() == FindingStatus.OK) {
      ContributionBars first = (ContributionBars) f.charts().get(0);
      assertThat(List.of("district.a3", "district.a2")).contains(first.dimension());
      // Guarded to the candidates: no level names a dimension outside them.
      assertThat(f.charts())
          .allMatch(
              c ->
                  List.of("district.a3", "district.a2")
                      .contains(((ContributionBars) c).dimension()));
      assertThat(f.keyPath()).contains("compared with 1997").contains("stop:");
    }
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void withoutAPeriodItAsksWhichOneAndRunsWithTheAnswer() {
    AnalysisContext ctx = fx.context("drill-ask");
    Map<String, Object> args =
        Map.of("metric", "cash_withdrawal_amount", "dimensions", List.of("district.a3"));
    Finding asked =
        fx.runner()
            .run("drill_down", StepArgs.of(args), "Drill into cash withdrawals by region", ctx);
    assertThat(asked.status()).isEqualTo(FindingStatus.EMPTY);
    Clarification c = asked.clarification();
    assertThat(c).isNotNull();
    assertThat(c.id()).isEqualTo(ctx.jobId() + ":0:drill_down:period");
    assertThat(c.options())
        .extracting(Clarification.Option::value)
        .contains("month:1998-12", "scan:1998");
    assertThat(fx.events(ctx.jobId())).isEmpty();

    AnalysisContext answered =
        new AnalysisContext(
            ctx.jobId(),
            ctx.stepIndex(),
            ctx.warehouse(),
            ctx.artifacts(),
            ctx.events(),
            ctx.forecaster(),
            List.of(new ClarificationAnswer(c.id(), "month:1997-06", "tester")),
            ctx.heartbeat());
    Finding f =
        fx.runner()
            .run(
                "drill_down", StepArgs.of(args), "Drill into cash withdrawals by region", answered);
    assertThat(f.clarification()).isNull();
    assertThat(f.keyPath()).startsWith("period 1997-06 as given");
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void anAverageCannotBeSplitAndAnUnknownDimensionIsNamed() {
    AnalysisContext ctx = fx.context("drill-bad");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "drill_down",
                        StepArgs.of(
                            Map.of(
                                "metric",
                                "average_balance",
                                "actual",
                                Map.of("kind", "year", "year", 1997),
                                "dimensions",
                                List.of("district.a2"))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("not a sum or a count");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "drill_down",
                        StepArgs.of(
                            Map.of(
                                "metric",
                                "cash_withdrawal_amount",
                                "actual",
                                Map.of("kind", "year", "year", 1997),
                                "dimensions",
                                List.of("district.nope"))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("unknown column 'district.nope'");
  }
}
