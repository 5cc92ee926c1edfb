package io.assay.analyses.correlate;

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CorrelateTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void creditsAndWithdrawalsMoveTogetherMonthByMonth() {
    AnalysisContext ctx = fx.context("correlate");
    Finding f =
        fx.runner()
            .run(
                "correlate",
                StepArgs.of(
                    Map.of(
                        "metrics", List.of("credit_amount", "withdrawal_amount"),
                        "time", Map.of("kind", "range", "from", "1994-01-01", "to", "1997-12-31"))),
                "Do credits and withdrawals move together?",
                ctx);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    Map<String, Figure> figs = AnalysisFixture.figures(f);
    assertThat(figs.get("n").value()).isEqualTo(48.0);
    // Both grow with the bank: strongly and significantly correlated.
    assertThat(figs.get("p1_pearson").value()).isGreaterThan(0.8);
    assertThat(figs.get("p1_pearson_p").value()).isLessThan(0.05);
    assertThat(figs.get("p1_spearman").value()).isGreaterThan(0.8);
    assertThat(f.statements().get(0)).contains("is significant at the five percent level");
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void pValuesFollowTheTDistribution() {
    double[] a = {1, 2, 3, 4, 5, 6, 7, 8};
    double[] b = {2, 1, 4, 3, 6, 5, 8, 7};
    Correlation c = Correlation.of(a, b);
    // r = 0.9047619 for this pair; t = r sqrt(6 / (1 - r^2)) = 5.2042; two-sided p with 6 df.
    assertThat(c.pearson()).isCloseTo(0.9047619047619048, offset(1e-12));
    assertThat(c.pearsonP()).isCloseTo(0.002008, offset(2e-6));
    assertThat(c.spearman()).isCloseTo(0.9047619047619048, offset(1e-12));
    assertThat(Correlation.of(a, new double[] {3, 3, 3, 3, 3, 3, 3, 3})).isNull();
  }

  @Test
  void oneMetricIsInvalidArgs() {
    AnalysisContext ctx = fx.context("correlate-bad");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "correlate",
                        StepArgs.of(Map.of("metrics", List.of("credit_amount"))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("two to five metrics");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "correlate",
                        StepArgs.of(Map.of("metrics", List.of("credit_amount", "credit_amount"))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("listed twice");
  }
}
