package io.assay.analyses.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.InvalidArgsException;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparePeriodsTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void comparesCashWithdrawalsOfTwoYearsByRegion() throws Exception {
    AnalysisContext ctx = fx.context("compare");
    Finding f =
        fx.runner()
            .run(
                "compare_periods",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "cash_withdrawal_amount",
                        "baseline",
                        Map.of("kind", "year", "year", 1996),
                        "current",
                        Map.of("kind", "year", "year", 1997),
                        "group_by",
                        "district.a3")),
                "How did cash withdrawals change from 1996 to 1997?",
                ctx);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    Map<String, Figure> figs = AnalysisFixture.figures(f);
    assertThat(figs.get("baseline_value").value()).isEqualTo(sum(1996));
    assertThat(figs.get("current_value").value()).isEqualTo(sum(1997));
    assertThat(figs.get("change_pct").value())
        .isCloseTo((sum(1997) - sum(1996)) / sum(1996), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(f.charts())
        .anyMatch(c -> c instanceof ContributionBars b && b.dimension().equals("district.a3"));
    fx.assertTraceable(f, ctx.jobId());
  }

  private double sum(int year) throws Exception {
    try (Connection c = fx.warehouse.adminDataSource().getConnection();
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "select sum(amount) from financial.trans where operation = 'VYBER' and date between '"
                        + year
                        + "-01-01' and '"
                        + year
                        + "-12-31'")) {
      rs.next();
      return rs.getDouble(1);
    }
  }

  @Test
  void aBadPeriodIsInvalidArgs() {
    AnalysisContext ctx = fx.context("compare-bad");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "compare_periods",
                        StepArgs.of(
                            Map.of(
                                "metric", "cash_withdrawal_amount",
                                "baseline", Map.of("kind", "decade", "year", 1990),
                                "current", Map.of("kind", "year", "year", 1997))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("arg 'baseline'")
        .hasMessageContaining("decade");
  }
}
