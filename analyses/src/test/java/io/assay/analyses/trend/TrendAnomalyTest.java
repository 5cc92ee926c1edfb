package io.assay.analyses.trend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.InvalidArgsException;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.contract.plan.StepArgs;
import io.assay.store.JobEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrendAnomalyTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void scansMonthlyCashWithdrawalsOf1997OnTheWarehouse() {
    AnalysisContext ctx = fx.context("trend");
    Finding f =
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "cash_withdrawal_amount",
                        "time",
                        Map.of("kind", "year", "year", 1997))),
                "Check the monthly cash withdrawal amount in 1997",
                ctx);
    System.out.println(f.keyPath());
    f.figures().forEach(x -> System.out.println(x.id() + " = " + x.display() + " " + x.unit()));
    f.statements().forEach(System.out::println);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    assertThat(f.stepId()).isEqualTo(ctx.jobId() + ":0:trend_anomaly");
    TimeSeriesChart chart = (TimeSeriesChart) f.charts().get(0);
    assertThat(chart.points())
        .extracting(TimeSeriesChart.Point::period)
        .contains("1997-01", "1997-12");
    assertThat(chart.points().get(chart.points().size() - 1).baseline()).isNotNull();
    fx.assertTraceable(f, ctx.jobId());
    List<JobEvent> events = fx.events(ctx.jobId());
    assertThat(events)
        .extracting(JobEvent::type)
        .containsExactly("tool_call_started", "tool_call_finished");
    assertThat(events.get(0).payloadJson()).contains("\"sql\"").containsIgnoringCase("select");
    assertThat(events.get(1).payloadJson()).contains("\"row_count\"");
  }

  @Test
  void aRetriedRunAppendsNoEventAndStoresNoArtifactTwice() {
    AnalysisContext ctx = fx.context("trend-retry");
    Map<String, Object> args =
        Map.of(
            "metric",
            "credit_count",
            "time",
            Map.of("kind", "year", "year", 1996),
            "grain",
            "month",
            "history_periods",
            24);
    Finding first = fx.runner().run("trend_anomaly", StepArgs.of(args), "q", ctx);
    Finding again = fx.runner().run("trend_anomaly", StepArgs.of(args), "q", ctx);
    assertThat(again.artifacts()).isEqualTo(first.artifacts());
    assertThat(again).isEqualTo(first);
    assertThat(fx.events(ctx.jobId())).hasSize(2);
    assertThat(fx.artifacts.infoForJob(ctx.jobId())).hasSize(first.artifacts().size());

    // The same step run again with edited args stores its own artifacts beside the first run's.
    Map<String, Object> edited = new java.util.HashMap<>(args);
    edited.put("history_periods", 12);
    Finding third = fx.runner().run("trend_anomaly", StepArgs.of(edited), "q", ctx);
    assertThat(third.stepId()).isEqualTo(first.stepId());
    assertThat(third.artifacts()).doesNotContainAnyElementsOf(first.artifacts());
    assertThat(fx.events(ctx.jobId())).hasSize(4);
    fx.assertTraceable(third, ctx.jobId());
  }

  @Test
  void tooLittleHistoryIsAFailedFindingNotAnException() {
    AnalysisContext ctx = fx.context("trend-short");
    Finding f =
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "cash_withdrawal_amount",
                        "time",
                        Map.of("kind", "year", "year", 1993))),
                "q",
                ctx);
    assertThat(f.status()).isEqualTo(FindingStatus.FAILED);
    assertThat(f.errors())
        .singleElement()
        .asString()
        .contains("buckets of history before the window");
    assertThat(f.empty()).isTrue();
  }

  @Test
  void rejectsAnUnknownMetricNonRetryably() {
    AnalysisContext ctx = fx.context("trend-bad");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "trend_anomaly",
                        StepArgs.of(
                            Map.of(
                                "metric",
                                "cash_withdrawl_amount",
                                "time",
                                Map.of("kind", "year", "year", 1997))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("unknown metric 'cash_withdrawl_amount'")
        .hasMessageContaining("did you mean 'cash_withdrawal_amount'");
  }

  private Finding scan(AnalysisContext ctx, Map<String, Object> extra) {
    Map<String, Object> args = new java.util.LinkedHashMap<>();
    args.put("metric", "cash_withdrawal_amount");
    args.put("time", Map.of("kind", "year", "year", 1997));
    args.putAll(extra);
    return fx.runner().run("trend_anomaly", StepArgs.of(args), "q", ctx);
  }

  @Test
  void theFindingCarriesTheScannedPeriodsAndTheDataRange() {
    AnalysisContext ctx = fx.context("trend-table");
    Finding f = scan(ctx, Map.of());
    io.assay.contract.finding.TableData table =
        f.charts().stream()
            .filter(c -> c instanceof io.assay.contract.finding.TableData)
            .map(c -> (io.assay.contract.finding.TableData) c)
            .findFirst()
            .orElseThrow();
    assertThat(table.rows()).hasSize(12);
    assertThat(table.rows().get(0).labels()).containsExactly("1997-01");
    assertThat(table.valueColumns().stream().map(c -> c.name()))
        .containsExactly("value", "baseline", "deviation", "score");
    TimeSeriesChart chart = (TimeSeriesChart) f.charts().get(0);
    double max =
        chart.points().stream()
            .filter(p -> p.period().startsWith("1997"))
            .mapToDouble(TimeSeriesChart.Point::actual)
            .max()
            .orElseThrow();
    // "Values from ... to ..." is the data, not the top of the band.
    assertThat(AnalysisFixture.figures(f).get("max_value").value()).isEqualTo(max);
    for (var row : table.rows()) {
      double v = row.values().get(0);
      double b = row.values().get(1);
      assertThat(row.values().get(2))
          .isCloseTo((v - b) / Math.abs(b), org.assertj.core.data.Offset.offset(1e-9));
    }
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void theOpenChatBiScorerStaysAvailableByName() {
    Finding f = scan(fx.context("trend-ocb"), Map.of("detector", "openchatbi"));
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    assertThat(f.keyPath()).contains("hysteresis");
    assertThatThrownBy(() -> scan(fx.context("trend-ocb-bad"), Map.of("detector", "magic")))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("robust or openchatbi");
  }
}
