package io.assay.report;

import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operand;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.contract.report.FrozenContext;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import io.assay.report.evidence.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The anomaly scenario of the planner issue, as the two Findings a trend_anomaly step and a
 * drill_down step produce: monthly cash withdrawals (operation VYBER) in 1997 with a drop in March,
 * and the district that explains it. The numbers are test data, built so that totals add up.
 */
public final class AnomalyScenario {
  static final String[] MONTHS = {
    "1997-01", "1997-02", "1997-03", "1997-04", "1997-05", "1997-06",
    "1997-07", "1997-08", "1997-09", "1997-10", "1997-11", "1997-12"
  };
  static final double[] ACTUAL = {
    4_812_300, 4_705_100, 2_934_500, 4_901_200, 4_856_000, 4_990_700,
    5_102_300, 5_055_900, 4_880_400, 4_950_100, 5_011_800, 5_620_500
  };
  static final double[] BASELINE = {
    4_790_000, 4_760_000, 4_830_000, 4_870_000, 4_890_000, 4_940_000,
    5_010_000, 5_040_000, 4_960_000, 4_970_000, 5_020_000, 5_560_000
  };

  /** Baseline and actual in March 1997 of the top district, Praha and the rest; they add up. */
  static final double[][] DISTRICT_VALUES = {
    {2_100_000.0, 443_600.0}, {1_150_000.0, 1_020_100.0}, {1_580_000.0, 1_470_800.0}
  };

  public final String jobId;
  public final String trendStep;
  public final String drillStep;
  public final Finding trend;
  public final Finding drill;
  public final ReportRequest request;
  private final String[] districts;

  public AnomalyScenario(String jobId, EvidenceSink sink) {
    this(jobId, sink, "Sokolov", "Was the monthly cash withdrawal amount in 1997 unusual?");
  }

  /** With the top district's name and the first plan question as given (e.g. hostile text). */
  public AnomalyScenario(
      String jobId, EvidenceSink sink, String topDistrict, String firstQuestion) {
    this.jobId = jobId;
    this.districts = new String[] {topDistrict, "Hl.m. Praha", "Other districts"};
    this.trendStep = jobId + ":0:trend_anomaly";
    this.drillStep = jobId + ":1:drill_down";
    this.trend = trend(sink);
    this.drill = drill(sink);
    this.request =
        new ReportRequest(
            jobId,
            "Monthly cash withdrawals in 1997",
            new FrozenContext(
                "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual",
                List.of(
                    new FrozenContext.MetricDefinition(
                        "cash withdrawal amount",
                        "sum of trans.amount where trans.operation = 'VYBER'",
                        "CZK")),
                List.of("trans.operation = 'VYBER'"),
                List.of(new FrozenContext.TimeRange("analysis period", "1997-01-01", "1997-12-31")),
                List.of("forecast from the preceding months"),
                List.of("district.A2"),
                List.of(
                    new FrozenContext.PlanEdit(
                        "ana@example.org",
                        "1998-01-02T09:30:00Z",
                        "changed the time grain to month")),
                List.of("district is the account's branch, not the client's residence")),
            List.of(
                new PlanQuestion("q1", firstQuestion, List.of(trendStep)),
                new PlanQuestion(
                    "q2", "Which district explains the unusual month?", List.of(drillStep))));
  }

  MemoryEvidence into(MemoryEvidence memory) {
    return memory.finding(trend).finding(drill);
  }

  private Finding trend(EvidenceSink sink) {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < MONTHS.length; i++) {
      rows.add(List.of(MONTHS[i], ACTUAL[i]));
    }
    ArtifactRef query =
        sink.store(
            trendStep,
            ArtifactKind.QUERY_RESULT,
            trendStep + ":query",
            new QueryResult(
                "select month, sum(amount) from trans where operation = 'VYBER' group by 1",
                List.of("month", "amount"),
                rows));
    ArtifactRef scores =
        sink.store(
            trendStep,
            ArtifactKind.COMPUTATION,
            trendStep + ":scores",
            Map.of("peak_score", 0.8312, "interval_count", 1));
    List<TimeSeriesChart.Point> points = new ArrayList<>();
    for (int i = 0; i < MONTHS.length; i++) {
      points.add(
          new TimeSeriesChart.Point(
              MONTHS[i], ACTUAL[i], BASELINE[i], BASELINE[i] * 0.94, BASELINE[i] * 1.06));
    }
    TimeSeriesChart chart =
        sink.chart(
            trendStep,
            new TimeSeriesChart(
                "withdrawals",
                "Cash withdrawal amount by month, 1997",
                "CZK",
                DisplayFormat.grouped(0),
                points,
                List.of(
                    new TimeSeriesChart.AnomalyInterval(
                        "1997-03", "1997-03", TimeSeriesChart.Direction.DROP, 0.8312)),
                null));

    Operand actual = new Operand("actual 1997-03", ACTUAL[2], query, QueryResult.pointer(2, 1));
    Operand baseline =
        new Operand("baseline 1997-03", BASELINE[2], chart.source(), "/points/2/baseline");
    return Finding.builder(trendStep, "trend_anomaly")
        .goal("Detect unusual months in the monthly cash withdrawal amount of 1997")
        .keyPath("monthly grain; baseline forecast from preceding months; anomaly range scan")
        .data(
            new DataDescription(
                "monthly sums of VYBER transactions over 1997", 12, List.of("month", "amount")))
        .artifact(query)
        .artifact(scores)
        .artifact(chart.source())
        .figure(
            Figure.of(
                "actual",
                "Cash withdrawals in the flagged month",
                "CZK",
                DisplayFormat.grouped(0),
                query,
                Derivation.of(Operation.VALUE, List.of(actual))))
        .figure(
            Figure.of(
                "baseline",
                "Baseline for the flagged month",
                "CZK",
                DisplayFormat.grouped(0),
                chart.source(),
                Derivation.of(Operation.VALUE, List.of(baseline))))
        .figure(
            Figure.of(
                "change",
                "Change against the baseline",
                "",
                DisplayFormat.percent(1),
                query,
                Derivation.of(Operation.GROWTH, List.of(baseline, actual))))
        .figure(
            Figure.of(
                "score",
                "Peak anomaly score",
                "",
                DisplayFormat.number(2),
                scores,
                Derivation.value("peak score", 0.8312, scores, "/peak_score")))
        .statement(
            "Cash withdrawals in {date:1997-03} were {fig:actual} against a baseline of "
                + "{fig:baseline}, a change of {fig:change}.")
        .statement("The anomaly score of that month is {fig:score}, which is high.")
        .chart(chart)
        .build(FindingStatus.OK);
  }

  private Finding drill(EvidenceSink sink) {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < districts.length; i++) {
      rows.add(List.of(districts[i], DISTRICT_VALUES[i][0], DISTRICT_VALUES[i][1]));
    }
    ArtifactRef query =
        sink.store(
            drillStep,
            ArtifactKind.QUERY_RESULT,
            drillStep + ":query",
            new QueryResult(
                "select district, baseline, actual from …",
                List.of("district", "baseline", "actual"),
                rows));
    List<ContributionBars.Bar> bars = new ArrayList<>();
    double totalChange = ACTUAL[2] - BASELINE[2];
    for (int i = 0; i < districts.length; i++) {
      double before = DISTRICT_VALUES[i][0];
      double after = DISTRICT_VALUES[i][1];
      bars.add(
          new ContributionBars.Bar(districts[i], before, after, (after - before) / totalChange));
    }
    ContributionBars chart =
        sink.chart(
            drillStep,
            new ContributionBars(
                "districts",
                "Share of the March 1997 drop by district",
                "district",
                "CZK",
                DisplayFormat.grouped(0),
                bars,
                null));
    Operand partBefore = new Operand("top baseline", DISTRICT_VALUES[0][0], query, "/rows/0/1");
    Operand partAfter = new Operand("top actual", DISTRICT_VALUES[0][1], query, "/rows/0/2");
    return Finding.builder(drillStep, "drill_down")
        .goal("Find the district that explains the drop in 1997-03")
        .keyPath("district.A2 within 1997-03; Adtributor explanatory power; stopped at one level")
        .data(
            new DataDescription(
                "VYBER sums by district for the flagged month and its baseline",
                3,
                List.of("district", "baseline", "actual")))
        .artifact(query)
        .artifact(chart.source())
        .figure(
            Figure.of(
                "top_share",
                "Share of the drop explained by the top district",
                "",
                DisplayFormat.percent(1),
                chart.source(),
                Derivation.value(
                    "top share", bars.get(0).share(), chart.source(), "/bars/0/share")))
        .figure(
            Figure.of(
                "top_change",
                "Change in the top district",
                "",
                DisplayFormat.percent(1),
                query,
                Derivation.of(Operation.GROWTH, List.of(partBefore, partAfter))))
        .statement(
            "{label:"
                + districts[0]
                + "} explains {fig:top_share} of the drop; its "
                + "withdrawals changed by {fig:top_change}.")
        .chart(chart)
        .nextStep("Check whether a branch in " + districts[0] + " was closed in 1997-03")
        .build(FindingStatus.OK);
  }
}
