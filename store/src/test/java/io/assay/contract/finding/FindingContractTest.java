package io.assay.contract.finding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.store.CanonicalJson;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FindingContractTest {
  private static final ArtifactRef QUERY = new ArtifactRef(7, "a".repeat(64));
  private static final ArtifactRef CHART = new ArtifactRef(8, "b".repeat(64));

  private static Finding finding() {
    Operand before = new Operand("baseline", 200.0, QUERY, "/rows/0/1");
    Operand after = new Operand("actual", 150.0, QUERY, "/rows/1/1");
    TimeSeriesChart series =
        new TimeSeriesChart(
            "trend",
            "Monthly amount",
            "CZK",
            DisplayFormat.grouped(0),
            List.of(
                new TimeSeriesChart.Point("1997-01", 200, 190.0, 180.0, 210.0),
                new TimeSeriesChart.Point("1997-02", 150, 195.0, null, null)),
            List.of(
                new TimeSeriesChart.AnomalyInterval(
                    "1997-02", "1997-02", TimeSeriesChart.Direction.DROP, 0.71)),
            CHART);
    ContributionBars bars =
        new ContributionBars(
            "bars",
            "By district",
            "district",
            "CZK",
            DisplayFormat.grouped(0),
            List.of(new ContributionBars.Bar("Sokolov", 120, 70, 1.0)),
            CHART);
    TableData table =
        new TableData(
            "top",
            "Top districts",
            List.of("district"),
            List.of(new TableData.ValueColumn("amount", "CZK", DisplayFormat.grouped(0))),
            List.of(new TableData.Row(List.of("Sokolov"), Arrays.asList((Double) null))),
            CHART);
    return Finding.builder("job-1:0:trend_anomaly", "trend_anomaly")
        .goal("Find unusual months")
        .data(new DataDescription("monthly sums", 2, List.of("month", "amount")))
        .artifact(QUERY)
        .figure(
            Figure.of(
                "change",
                "Change",
                "",
                DisplayFormat.percent(1),
                QUERY,
                Derivation.of(Operation.GROWTH, List.of(before, after))))
        .statement("In {date:1997-02} the amount changed by {fig:change} in {label:Sokolov}.")
        .chart(series)
        .chart(bars)
        .chart(table)
        .nextStep("Drill down by district")
        .build(FindingStatus.OK);
  }

  @Test
  void derivationsComputeTheirOutputAndFiguresMustEqualIt() {
    Finding f = finding();
    assertThat(f.figures().get(0).value()).isEqualTo(-0.25);
    assertThat(f.figures().get(0).display()).isEqualTo("-25.0%");
    Operand x = new Operand("x", 1, QUERY, "/x");
    assertThatThrownBy(
            () ->
                new Figure(
                    "f",
                    "F",
                    2.0,
                    "",
                    DisplayFormat.number(0),
                    QUERY,
                    Derivation.of(Operation.VALUE, List.of(x))))
        .hasMessageContaining("differs from its derivation output");
    Operand zero = new Operand("zero", 0, QUERY, "/z");
    assertThatThrownBy(() -> Derivation.of(Operation.RATIO, List.of(x, zero)))
        .hasMessageContaining("RATIO divides by zero");
    assertThatThrownBy(() -> Derivation.of(Operation.CONTRIBUTION, List.of(x, zero)))
        .hasMessageContaining("CONTRIBUTION takes 4 input(s), got 2");
    assertThat(Operation.CONTRIBUTION.apply(100, 40, 500, 400)).isEqualTo(0.6);
  }

  @Test
  void statementsMayNotWriteNumbersOrNameMissingFigures() {
    assertThatThrownBy(() -> StatementTemplate.parse("Withdrawals fell by 40% in {date:1997-03}."))
        .hasMessageContaining("writes a number into its text");
    assertThatThrownBy(() -> StatementTemplate.parse("In {date:March} it fell."))
        .hasMessageContaining("must be an ISO year, month, date or instant");
    assertThatThrownBy(() -> StatementTemplate.parse("It fell by {pct:x}."))
        .hasMessageContaining("unknown placeholder");
    assertThatThrownBy(
            () ->
                Finding.builder("s", "a")
                    .statement("It is {fig:missing}.")
                    .build(FindingStatus.EMPTY))
        .hasMessageContaining("names figure missing");
  }

  @Test
  void findingsMustBeHonestAboutTheirStatus() {
    assertThatThrownBy(() -> Finding.builder("s", "a").build(FindingStatus.FAILED))
        .hasMessageContaining("must say why");
    assertThatThrownBy(() -> Finding.builder("s", "a").build(FindingStatus.OK))
        .hasMessageContaining("use EMPTY");
    TimeSeriesChart unstored =
        new TimeSeriesChart(
            "t",
            "T",
            "",
            DisplayFormat.number(0),
            List.of(
                new TimeSeriesChart.Point("1997", 1, null, null, null),
                new TimeSeriesChart.Point("1998", 2, null, null, null)),
            List.of(),
            null);
    assertThatThrownBy(() -> Finding.builder("s", "a").chart(unstored).build(FindingStatus.OK))
        .hasMessageContaining("store it as chart_data first");
    assertThatThrownBy(
            () ->
                new TimeSeriesChart(
                    "t",
                    "T",
                    "",
                    DisplayFormat.number(0),
                    List.of(
                        new TimeSeriesChart.Point("1997-02", 1, null, null, null),
                        new TimeSeriesChart.Point("1997-01", 2, null, null, null)),
                    List.of(),
                    null))
        .hasMessageContaining("not in time order");
  }

  @Test
  void findingsSurviveCanonicalJsonAndTemporalPayloads() {
    Finding f = finding();
    String json = CanonicalJson.write(f);
    assertThat(CanonicalJson.read(json, Finding.class)).isEqualTo(f);
    assertThat(CanonicalJson.write(CanonicalJson.read(json, Finding.class))).isEqualTo(json);

    DataConverter temporal = DefaultDataConverter.newDefaultInstance();
    Optional<io.temporal.api.common.v1.Payloads> payloads = temporal.toPayloads(f);
    Finding back = temporal.fromPayloads(0, payloads, Finding.class, Finding.class);
    assertThat(back).isEqualTo(f);
    assertThat(json).doesNotContain("\"display\"").doesNotContain("\"label\":\"#");
  }
}
