package io.assay.analyses.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.InvalidArgsException;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TableData;
import io.assay.contract.plan.StepArgs;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForecastAnalysisTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void forecastsTheFirstHalfOf1998FromTheHistoryUpTo1997() {
    AnalysisContext ctx = fx.context("forecast");
    Finding f =
        fx.runner()
            .run(
                "forecast",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "transaction_count",
                        "horizon",
                        6,
                        "time",
                        Map.of("kind", "range", "from", "1995-01-01", "to", "1997-12-31"))),
                "How many transactions will there be in the first half of 1998?",
                ctx);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    Map<String, Figure> figs = AnalysisFixture.figures(f);
    assertThat(figs.get("next_forecast").label()).contains("1998-01");
    assertThat(figs.get("last_actual").label()).contains("1997-12");
    assertThat(figs.get("horizon_total").value()).isGreaterThan(figs.get("next_forecast").value());
    TableData table = (TableData) f.charts().get(0);
    assertThat(table.rows()).hasSize(6);
    assertThat(table.rows().get(5).labels()).containsExactly("1998-06");
    assertThat(table.rows().get(0).values().get(1)).isLessThan(table.rows().get(0).values().get(0));
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void aHorizonOutOfRangeIsInvalidArgs() {
    AnalysisContext ctx = fx.context("forecast-bad");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "forecast",
                        StepArgs.of(Map.of("metric", "transaction_count", "horizon", 0)),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("'horizon' must be between 1 and 60");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "forecast",
                        StepArgs.of(Map.of("metric", "transaction_count", "horizon", 2.5)),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("expected a whole number");
  }
}
