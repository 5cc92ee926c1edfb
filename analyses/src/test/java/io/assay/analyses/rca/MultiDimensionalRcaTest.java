package io.assay.analyses.rca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.InvalidArgsException;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scenario test holds the injected-anomaly case; this one runs on the clean warehouse. */
class MultiDimensionalRcaTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void searchesRegionAndOperationCombinationsYearOverYear() {
    AnalysisContext ctx = fx.context("rca");
    Finding f =
        fx.runner()
            .run(
                "multi_dimensional_rca",
                StepArgs.of(
                    Map.of(
                        "metric", "withdrawal_amount",
                        "actual", Map.of("kind", "year", "year", 1997),
                        "baseline", Map.of("kind", "year", "year", 1996),
                        "grain", "year",
                        "dimensions", List.of("district.a3", "trans.operation"))),
                "What drove withdrawals from 1996 to 1997?",
                ctx);
    assertThat(f.status()).isIn(FindingStatus.OK, FindingStatus.EMPTY);
    assertThat(f.keyPath()).contains("leaves over district.a3 × trans.operation");
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void oneDimensionIsInvalidArgs() {
    AnalysisContext ctx = fx.context("rca-bad");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "multi_dimensional_rca",
                        StepArgs.of(
                            Map.of(
                                "metric",
                                "withdrawal_amount",
                                "actual",
                                Map.of("kind", "year", "year", 1997),
                                "dimensions",
                                List.of("district.a2"))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("two to five dimensions")
        .hasMessageContaining("use a drill-down for one");
  }
}
