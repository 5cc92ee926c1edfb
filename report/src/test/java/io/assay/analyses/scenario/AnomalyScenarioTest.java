package io.assay.analyses.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.forecast.StatisticalForecaster;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.EventSink;
import io.assay.analyses.Heartbeat;
import io.assay.analyses.ReconWarehouse;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.contract.plan.StepArgs;
import io.assay.contract.report.FrozenContext;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import io.assay.recon.execute.SqlExecutor;
import io.assay.report.FrozenReport;
import io.assay.report.NumberTrace;
import io.assay.report.ReportBuilder;
import io.assay.report.ReportService;
import io.assay.report.ReportStore;
import io.assay.report.evidence.EvidencePool;
import io.assay.store.FindingStore;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The planner issue's scenario on the loaded warehouse: 40% of one district's cash withdrawals
 * (operation VYBER) in June 1997 are removed in a copy of trans; trend_anomaly over the monthly
 * cash withdrawal amount of 1997 must flag June with a score of at least 0.6, and drill_down must
 * name the district (and, when asked over all withdrawals, the operation) as the root cause.
 */
class AnomalyScenarioTest {
  static final LocalDate MONTH = LocalDate.of(1997, 6, 1);
  static final Map<String, Object> YEAR_1997 = Map.of("kind", "year", "year", 1997);
  static final Map<String, Object> DRILL_BY_DISTRICT_AND_PURPOSE =
      Map.of(
          "metric",
          "cash_withdrawal_amount",
          "time",
          YEAR_1997,
          "dimensions",
          List.of("district.a2", "trans.k_symbol"));

  private static AnalysisFixture fx;
  private static ScenarioSchema scenario;
  private static ReconWarehouse injected;

  @BeforeAll
  static void inject() throws Exception {
    fx = AnalysisFixture.get();
    String district = ScenarioSchema.largestCashDistrict(fx.warehouse, 1997);
    scenario = ScenarioSchema.create(fx.warehouse, "scenario_x", district, MONTH, 4);
    injected = new ReconWarehouse(scenario.recon, new SqlExecutor(fx.warehouse.readerDataSource()));
    System.out.printf(
        "injected: %s %s, removed %d of %d cash withdrawals (%d CZK)%n",
        scenario.district,
        MONTH,
        scenario.rowsRemoved,
        scenario.rowsBefore,
        scenario.amountRemoved);
  }

  @AfterAll
  static void dropSchema() throws Exception {
    if (scenario != null) {
      scenario.close();
    }
  }

  @Test
  void fortyPercentOfTheWithdrawalsAreGoneFromTheCopyOnly() {
    assertThat((double) scenario.rowsRemoved / scenario.rowsBefore).isBetween(0.39, 0.41);
    assertThat(scenario.recon.schema()).isEqualTo("scenario_x");
    assertThat(fx.recon.schema()).isEqualTo("financial");
  }

  @Test
  void trendAnomalyFlagsTheMonthWithAScoreOfAtLeastPointSix() {
    AnalysisContext ctx = fx.context("scenario-trend", injected);
    Finding f =
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(
                    Map.of(
                        "metric", "cash_withdrawal_amount", "time", YEAR_1997, "grain", "month")),
                "Check the monthly cash withdrawal amount in 1997",
                ctx);
    print(f);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    Map<String, Figure> figs = AnalysisFixture.figures(f);
    assertThat(figs.get("score").value()).isGreaterThanOrEqualTo(0.6);
    assertThat(figs.get("peak_actual").label()).contains("1997-06");
    assertThat(figs.get("peak_change").value()).isNegative();
    TimeSeriesChart chart = (TimeSeriesChart) f.charts().get(0);
    TimeSeriesChart.AnomalyInterval worst =
        chart.intervals().stream()
            .max((a, b) -> Double.compare(a.peakScore(), b.peakScore()))
            .orElseThrow();
    assertThat(worst.start()).isLessThanOrEqualTo("1997-06");
    assertThat(worst.end()).isGreaterThanOrEqualTo("1997-06");
    assertThat(worst.direction()).isEqualTo(TimeSeriesChart.Direction.DROP);
    assertThat(f.statements()).anyMatch(s -> s.contains("{date:1997-06}"));
    fx.assertTraceable(f, ctx.jobId());
  }

  /**
   * The report issue's end-to-end case: the scenario's real Findings become a report whose HTML has
   * the anomaly chart and the drill-down bars, and every number in it traces to a fact and the
   * stored artifact values it was derived from.
   */
  @Test
  void theScenarioReportShowsTheAnomalyAndTheRootCauseAndEveryNumberTraces() {
    String question =
        "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual";
    AnalysisContext trendStep = fx.context("scenario-report", injected);
    String jobId = trendStep.jobId();
    AnalysisContext drillStep =
        new AnalysisContext(
            jobId,
            1,
            injected,
            fx.artifacts,
            EventSink.NONE,
            new StatisticalForecaster(),
            List.of(),
            Heartbeat.NONE);
    Finding trend =
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(
                    Map.of(
                        "metric", "cash_withdrawal_amount", "time", YEAR_1997, "grain", "month")),
                question,
                trendStep);
    Finding drill =
        fx.runner()
            .run("drill_down", StepArgs.of(DRILL_BY_DISTRICT_AND_PURPOSE), question, drillStep);
    FindingStore findings = new FindingStore(fx.warehouse.adminDataSource());
    findings.record(jobId, trend);
    findings.record(jobId, drill);
    ReportRequest request =
        new ReportRequest(
            jobId,
            "Cash withdrawals in 1997",
            new FrozenContext(
                question,
                List.of(
                    new FrozenContext.MetricDefinition(
                        "cash_withdrawal_amount", "Total amount of cash withdrawals.", "CZK")),
                List.of(),
                List.of(),
                List.of(),
                List.of("district.a2", "trans.k_symbol"),
                List.of(),
                List.of()),
            List.of(
                new PlanQuestion("q1", "Was any month of 1997 unusual?", List.of(trend.stepId())),
                new PlanQuestion("q2", "What explains it?", List.of(drill.stepId()))));
    FrozenReport report =
        new ReportService(
                fx.artifacts,
                findings,
                new ReportStore(fx.warehouse.adminDataSource()),
                new ReportBuilder(),
                Clock.systemUTC())
            .build(request);

    Document html = Jsoup.parse(report.html());
    Element series = html.selectFirst("figure.series svg");
    assertThat(series).as("the anomaly chart").isNotNull();
    assertThat(series.select("rect.anomaly")).as("anomaly intervals").isNotEmpty();
    Element bars = html.selectFirst("figure.bars svg");
    assertThat(bars).as("the drill-down bars").isNotNull();
    assertThat(bars.select("text[data-verbatim]").eachText()).contains(scenario.district);
    List<String> traced =
        NumberTrace.everyNumber(report, EvidencePool.load(fx.artifacts, findings, jobId));
    assertThat(traced).hasSizeGreaterThanOrEqualTo(report.body().facts().size());
  }

  @Test
  void withoutTheInjectionJuneIsNotFlagged() {
    AnalysisContext ctx = fx.context("scenario-control");
    Finding f =
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(Map.of("metric", "cash_withdrawal_amount", "time", YEAR_1997)),
                "control",
                ctx);
    print(f);
    TimeSeriesChart chart = (TimeSeriesChart) f.charts().get(0);
    assertThat(chart.intervals())
        .noneMatch(i -> i.start().compareTo("1997-06") <= 0 && i.end().compareTo("1997-06") >= 0);
  }

  @Test
  void drillDownLocatesTheMonthAndNamesTheDistrict() {
    AnalysisContext ctx = fx.context("scenario-drill", injected);
    Finding f =
        fx.runner()
            .run(
                "drill_down",
                StepArgs.of(DRILL_BY_DISTRICT_AND_PURPOSE),
                "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual",
                ctx);
    print(f);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    Map<String, Figure> figs = AnalysisFixture.figures(f);
    assertThat(figs.get("located_score").value()).isGreaterThanOrEqualTo(0.6);
    assertThat(f.statements()).anyMatch(s -> s.contains("{date:1997-06}"));
    ContributionBars first = (ContributionBars) f.charts().get(0);
    assertThat(first.dimension()).isEqualTo("district.a2");
    assertThat(figs.get("l1_share").label())
        .isEqualTo("Share of the change explained by district.a2 = " + scenario.district);
    assertThat(figs.get("l1_share").value()).isGreaterThan(0.5);
    assertThat(f.statements())
        .anyMatch(s -> s.contains("{label:" + scenario.district + "} explains"));
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void drillDownOverAllWithdrawalsNamesTheDistrictAndTheOperation() {
    AnalysisContext ctx = fx.context("scenario-drill-op", injected);
    Finding f =
        fx.runner()
            .run(
                "drill_down",
                StepArgs.of(
                    Map.of(
                        "metric", "withdrawal_amount",
                        "actual", Map.of("kind", "month", "year", 1997, "month", 6),
                        "dimensions", List.of("district.a2", "trans.operation"))),
                "Why did withdrawals drop in June 1997?",
                ctx);
    print(f);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    List<String> shareLabels =
        f.figures().stream().filter(x -> x.id().endsWith("_share")).map(Figure::label).toList();
    assertThat(shareLabels)
        .contains(
            "Share of the change explained by district.a2 = " + scenario.district,
            "Share of the change explained by trans.operation = VYBER");
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void multiDimensionalRcaFindsTheDistrictsCashWithdrawals() {
    AnalysisContext ctx = fx.context("scenario-rca", injected);
    Finding f =
        fx.runner()
            .run(
                "multi_dimensional_rca",
                StepArgs.of(
                    Map.of(
                        "metric", "withdrawal_amount",
                        "actual", Map.of("kind", "month", "year", 1997, "month", 6),
                        "dimensions", List.of("district.a2", "trans.operation"))),
                "Which district and operation explain the drop in June 1997?",
                ctx);
    print(f);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    assertThat(f.statements())
        .anyMatch(
            s ->
                s.contains("district.a2=" + scenario.district)
                    && (s.contains("trans.operation=VYBER") || !s.contains("trans.operation=")));
    assertThat(f.statements().get(1)).contains("district.a2=" + scenario.district);
    fx.assertTraceable(f, ctx.jobId());
  }

  private static void print(Finding f) {
    System.out.println("--- " + f.analysis() + " " + f.status() + ": " + f.keyPath());
    f.figures()
        .forEach(
            x ->
                System.out.println(
                    "  "
                        + x.id()
                        + " = "
                        + x.display()
                        + " "
                        + x.unit()
                        + "  ("
                        + x.label()
                        + ")"));
    f.statements().forEach(s -> System.out.println("  " + s));
    f.errors().forEach(s -> System.out.println("  error: " + s));
  }
}
