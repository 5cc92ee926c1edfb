package io.assay.analyses.outliers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.InvalidArgsException;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FindOutliersTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void findsDistrictsWhoseCashWithdrawalsStandOut() {
    AnalysisContext ctx = fx.context("outliers");
    Finding f =
        fx.runner()
            .run(
                "find_outliers",
                StepArgs.of(
                    Map.of(
                        "metric", "cash_withdrawal_amount",
                        "entity", "district.a2",
                        "time", Map.of("kind", "year", "year", 1997))),
                "Which districts have unusual cash withdrawals in 1997?",
                ctx);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    Map<String, Figure> figs = AnalysisFixture.figures(f);
    assertThat(figs.get("entities").value()).isEqualTo(77.0);
    // Prague holds about a sixth of all cash withdrawals: far beyond any robust z threshold.
    assertThat(figs.get("outlier_count").value()).isGreaterThanOrEqualTo(1.0);
    assertThat(figs.get("top_value").label()).startsWith("Hl.m. Praha");
    assertThat(figs.get("top_z").value()).isGreaterThan(3.5);
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void robustZUsesTheMadAndFallsBackWhenItIsZero() {
    RobustZ z = RobustZ.of(new double[] {1, 2, 3, 4, 100});
    assertThat(z.median()).isEqualTo(3.0);
    assertThat(z.z()[4]).isCloseTo(0.6745 * 97 / 1.0, offset(1e-9));
    RobustZ flat = RobustZ.of(new double[] {5, 5, 5, 5, 9});
    assertThat(flat.method()).isEqualTo("mean absolute deviation");
    assertThat(flat.z()[4]).isCloseTo(4 / (1.253314 * 0.8), offset(1e-9));
    assertThat(RobustZ.of(new double[] {2, 2, 2}).z()).containsOnly(0.0);
  }

  @Test
  void aMetricAsEntityIsInvalidArgs() {
    AnalysisContext ctx = fx.context("outliers-bad");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "find_outliers",
                        StepArgs.of(
                            Map.of(
                                "metric",
                                "cash_withdrawal_amount",
                                "entity",
                                "cash_withdrawal_amount")),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("arg 'entity': unknown column 'cash_withdrawal_amount'");
  }
}
