package io.assay.analyses.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.ReconWarehouse;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.contract.plan.StepArgs;
import io.assay.recon.execute.SqlExecutor;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A drill-down that depends on the trend step explains the interval that step located, and finds a
 * slice incident the total hides: every cash withdrawal of a mid-sized district removed in one
 * month (large for the district, small against the noise of the total).
 */
class LocatedDrillTest {
  static final Map<String, Object> Y1997 = Map.of("kind", "year", "year", 1997);
  private static AnalysisFixture fx;
  private static ScenarioSchema scenario;
  private static ReconWarehouse injected;
  private static ScenarioSchema dropped;
  private static ReconWarehouse droppedRecon;

  @BeforeAll
  static void inject() throws Exception {
    fx = AnalysisFixture.get();
    scenario =
        ScenarioSchema.create(
            fx.warehouse, "scenario_slice", rankedDistrict(8), LocalDate.of(1997, 6, 1), 10);
    injected = new ReconWarehouse(scenario.recon, new SqlExecutor(fx.warehouse.readerDataSource()));
    // A drop the total shows: 40 % of the largest district's cash withdrawals in June 1997.
    dropped =
        ScenarioSchema.create(
            fx.warehouse,
            "scenario_located",
            ScenarioSchema.largestCashDistrict(fx.warehouse, 1997),
            LocalDate.of(1997, 6, 1),
            4);
    droppedRecon =
        new ReconWarehouse(dropped.recon, new SqlExecutor(fx.warehouse.readerDataSource()));
  }

  @AfterAll
  static void drop() throws Exception {
    if (scenario != null) {
      scenario.close();
    }
    if (dropped != null) {
      dropped.close();
    }
  }

  /** The district ranked {@code rank} (1 = largest) by cash withdrawals in 1997. */
  static String rankedDistrict(int rank) throws Exception {
    try (Connection c = fx.warehouse.adminDataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select d.a2 from financial.trans t join financial.account a using (account_id)"
                    + " join financial.district d on d.district_id = a.district_id"
                    + " where t.operation = 'VYBER' and t.date between '1997-01-01' and"
                    + " '1997-12-31' group by d.a2 order by sum(t.amount) desc offset ? limit 1")) {
      ps.setInt(1, rank - 1);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  private static Finding drill(AnalysisContext ctx, String metric) {
    return fx.runner()
        .run(
            "drill_down",
            StepArgs.of(
                Map.of(
                    "metric",
                    metric,
                    "time",
                    Y1997,
                    "located_by",
                    "trend_anomaly",
                    "dimensions",
                    List.of("district.a2", "trans.k_symbol"))),
            "Check the monthly cash withdrawals in 1997 and drill down if anything is unusual",
            ctx.withStep(1));
  }

  @Test
  void theDrillDownExplainsTheIntervalTheTrendStepLocated() {
    AnalysisContext ctx = fx.context("located-same", droppedRecon);
    Finding trend =
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(Map.of("metric", "cash_withdrawal_amount", "time", Y1997)),
                "q",
                ctx);
    TimeSeriesChart chart = (TimeSeriesChart) trend.charts().get(0);
    assertThat(chart.intervals()).as("the injected drop is flagged").isNotEmpty();
    TimeSeriesChart.AnomalyInterval top = chart.intervals().get(0);
    assertThat(top.start()).isLessThanOrEqualTo("1997-06");
    assertThat(top.end()).isGreaterThanOrEqualTo("1997-06");
    assertThat(top.direction()).isEqualTo(TimeSeriesChart.Direction.DROP);
    // Intervals are ranked by score, and the score figure says its scale and is the top's.
    for (int i = 1; i < chart.intervals().size(); i++) {
      assertThat(chart.intervals().get(i).peakScore())
          .isLessThanOrEqualTo(chart.intervals().get(i - 1).peakScore());
    }
    assertThat(AnalysisFixture.figures(trend).get("score").label())
        .contains("typical one-step errors");
    assertThat(AnalysisFixture.figures(trend).get("score").value()).isEqualTo(top.peakScore());

    Finding d = drill(ctx, "cash_withdrawal_amount");
    assertThat(d.status()).isEqualTo(FindingStatus.OK);
    String period =
        top.start().equals(top.end())
            ? top.start()
            : top.start() + "-01.." + LocalDate.parse(top.end() + "-01").plusMonths(1).minusDays(1);
    assertThat(d.keyPath())
        .startsWith("explains " + period + ", the interval trend_anomaly located");
    ContributionBars bars = (ContributionBars) d.charts().get(0);
    assertThat(bars.bars().get(0).element()).isEqualTo(dropped.district);
    fx.assertTraceable(d, ctx.jobId());
  }

  @Test
  void nothingUnusualMakesTheDrillDownUnneeded() {
    AnalysisContext ctx = fx.context("located-quiet");
    fx.runner()
        .run(
            "trend_anomaly",
            StepArgs.of(Map.of("metric", "withdrawal_amount", "time", Y1997, "threshold", 15.0)),
            "q",
            ctx);
    Finding d = drill(ctx, "withdrawal_amount");
    assertThat(d.status()).isEqualTo(FindingStatus.OK);
    assertThat(d.errors()).isEmpty();
    assertThat(d.statements()).anyMatch(s -> s.contains("was not needed"));
    assertThat(d.charts()).isEmpty();
    fx.assertTraceable(d, ctx.jobId());
  }

  @Test
  void aSliceIncidentTheTotalHidesIsFoundAndNamed() {
    AnalysisContext ctx = fx.context("located-slice", injected);
    Finding trend =
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(
                    Map.of("metric", "cash_withdrawal_amount", "time", Y1997, "threshold", 5.0)),
                "q",
                ctx);
    TimeSeriesChart chart = (TimeSeriesChart) trend.charts().get(0);
    // At 5 typical errors the total shows nothing: the district's month is small for the total.
    assertThat(chart.intervals()).isEmpty();
    Finding d = drill(ctx, "cash_withdrawal_amount");
    System.out.println(d.keyPath() + "\n" + d.statements());
    assertThat(d.status()).isEqualTo(FindingStatus.OK);
    assertThat(d.keyPath()).contains("1997-06");
    assertThat(d.statements().get(0)).contains("The total did not stand out");
    assertThat(d.statements().get(2)).contains("{label:" + scenario.district + "} explains");
    // The element named first has the largest share in the bars.
    ContributionBars bars = (ContributionBars) d.charts().get(0);
    assertThat(bars.bars().get(0).element()).isEqualTo(scenario.district);
    for (ContributionBars.Bar b : bars.bars()) {
      assertThat(b.share()).isLessThanOrEqualTo(bars.bars().get(0).share());
    }
    fx.assertTraceable(d, ctx.jobId());
  }

  @Test
  void anExpectedPeriodIsNotFlaggedAndTheReportSaysItWasLeftOut() {
    AnalysisContext ctx = fx.context("located-expected", droppedRecon);
    Map<String, Object> args = new java.util.LinkedHashMap<>();
    args.put("metric", "cash_withdrawal_amount");
    args.put("time", Y1997);
    args.put("expected_periods", List.of("1997-06-01", "1990-01-01"));
    Finding trend = fx.runner().run("trend_anomaly", StepArgs.of(args), "q", ctx);
    TimeSeriesChart chart = (TimeSeriesChart) trend.charts().get(0);
    assertThat(chart.intervals())
        .as("the injected drop in June, given as expected, is not flagged")
        .noneMatch(i -> i.start().compareTo("1997-06") <= 0 && i.end().compareTo("1997-06") >= 0);
    assertThat(trend.statements())
        .anyMatch(s -> s.startsWith("{date:1997-06} was left out as expected"))
        .anyMatch(s -> s.contains("{date:1990-01} lies outside the periods read"));
    io.assay.contract.finding.TableData table =
        trend.charts().stream()
            .filter(c -> c instanceof io.assay.contract.finding.TableData)
            .map(c -> (io.assay.contract.finding.TableData) c)
            .findFirst()
            .orElseThrow();
    var june = table.rows().stream().filter(r -> r.labels().get(0).equals("1997-06")).findFirst();
    assertThat(june).get().satisfies(r -> assertThat(r.values().get(3)).isNull());
    fx.assertTraceable(trend, ctx.jobId());
    // A dependent drill-down's slice scan does not judge June either.
    Finding d = drill(ctx, "cash_withdrawal_amount");
    assertThat(d.keyPath()).doesNotContain("1997-06");
  }

  @Test
  void expectedPeriodsAreCheckedAtTheStepsGrain() {
    AnalysisContext ctx = fx.context("located-expected-bad", droppedRecon);
    Map<String, Object> args = new java.util.LinkedHashMap<>();
    args.put("metric", "cash_withdrawal_amount");
    args.put("time", Y1997);
    args.put("expected_periods", List.of("1997-06-15"));
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> fx.runner().run("trend_anomaly", StepArgs.of(args), "q", ctx))
        .isInstanceOf(io.assay.analyses.InvalidArgsException.class)
        .hasMessageContaining("1997-06-15 does not start a month")
        .hasMessageContaining("write 1997-06-01");
    args.put("grain", "quarter");
    args.put("expected_periods", List.of("1997-04-01"));
    assertThat(fx.runner().run("trend_anomaly", StepArgs.of(args), "q", ctx).statements())
        .anyMatch(s -> s.startsWith("{date:1997-04-01} was left out as expected"));
    args.put("detector", "openchatbi");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> fx.runner().run("trend_anomaly", StepArgs.of(args), "q", ctx))
        .hasMessageContaining("needs the robust detector");
  }
}
