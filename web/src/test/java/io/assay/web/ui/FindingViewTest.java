package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operand;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FindingViewTest {
  private static final ArtifactRef DATA = new ArtifactRef(12, "3f2a9c1e" + "0".repeat(56));
  private static final ArtifactRef CHART = new ArtifactRef(13, "ab" + "1".repeat(62));

  private final ChartRenderer renderer = new ChartRenderer();

  private static Finding finding() {
    Figure actual =
        Figure.of(
            "actual",
            "Withdrawals in the month",
            "CZK",
            DisplayFormat.grouped(0),
            DATA,
            Derivation.value("actual", 1234567, DATA, "/rows/3/1"));
    Figure share =
        Figure.of(
            "drop_share",
            "Share of the drop",
            "",
            DisplayFormat.percent(1),
            DATA,
            Derivation.of(
                Operation.RATIO,
                List.of(
                    new Operand("part", 30, DATA, "/rows/1/1"),
                    new Operand("whole", 75, DATA, "/rows/0/1"))));
    TimeSeriesChart series =
        new TimeSeriesChart(
            "series",
            "Monthly withdrawals",
            "CZK",
            DisplayFormat.grouped(0),
            List.of(
                new TimeSeriesChart.Point("1997-01", 100, 98.0, 90.0, 110.0),
                new TimeSeriesChart.Point("1997-02", 60, 99.0, 91.0, 111.0),
                new TimeSeriesChart.Point("1997-03", 101, 100.0, 92.0, 112.0)),
            List.of(
                new TimeSeriesChart.AnomalyInterval(
                    "1997-02", "1997-02", TimeSeriesChart.Direction.DROP, 4.2)),
            CHART);
    ContributionBars bars =
        new ContributionBars(
            "bars",
            "Drop by district",
            "district.a3",
            "CZK",
            DisplayFormat.grouped(0),
            List.of(
                new ContributionBars.Bar("<b>Praha</b>", 50, 20, 0.75),
                new ContributionBars.Bar("Brno", 30, 25, 0.125)),
            CHART);
    TableData table =
        new TableData(
            "top",
            "Top districts",
            List.of("district"),
            List.of(new TableData.ValueColumn("amount", "CZK", DisplayFormat.grouped(2))),
            List.of(
                new TableData.Row(List.of("Praha"), List.of(1234.5)),
                new TableData.Row(List.of("Brno"), Arrays.asList((Double) null))),
            CHART);
    return Finding.builder("job-1:0:trend_anomaly", "trend_anomaly")
        .goal("Find unusual months")
        .figure(actual)
        .figure(share)
        .statement(
            "Withdrawals in {date:1997-02} were {fig:actual}, {label:Praha} explains {fig:drop_share}.")
        .chart(series)
        .chart(bars)
        .chart(table)
        .build(FindingStatus.OK);
  }

  @Test
  void statementsShowTheirFiguresPeriodsInWordsAndLabels() {
    FindingView view = FindingView.of(finding(), renderer::plot);

    assertThat(view.statements())
        .containsExactly("Withdrawals in February 1997 were 1,234,567 CZK, Praha explains 40.0%.");
    assertThat(view.figures())
        .extracting(FindingView.FigureView::value)
        .containsExactly("1,234,567 CZK", "40.0%");
    assertThat(view.figures().get(1).derivation())
        .isEqualTo("RATIO(part = 30 ← #12·3f2a9c1e/rows/1/1, whole = 75 ← #12·3f2a9c1e/rows/0/1)");
    assertThat(view.figures().get(0).artifact()).isEqualTo("#12·3f2a9c1e");
  }

  @Test
  void chartsBecomePlotsAndTablesStayTables() {
    FindingView view = FindingView.of(finding(), renderer::plot);

    FindingView.ChartView series = view.charts().get(0);
    assertThat(series.kind()).isEqualTo("time series");
    assertThat(series.plot().lines()).extracting(Plot.Shape::css).contains("actual", "baseline");
    assertThat(series.plot().polygons()).extracting(Plot.Shape::css).containsExactly("band");
    assertThat(series.plot().boxes())
        .filteredOn(b -> b.css().startsWith("anomaly"))
        .singleElement()
        .satisfies(b -> assertThat(b.title()).isEqualTo("drop February 1997"));
    // Values on hover, one column per period, and a legend for what the marks mean.
    assertThat(series.plot().boxes())
        .filteredOn(b -> b.css().equals("hover"))
        .extracting(Plot.Box::title)
        .containsExactly(
            "January 1997: 100 CZK, baseline 98 CZK, expected 90 to 110 CZK",
            "February 1997: 60 CZK, baseline 99 CZK, expected 91 to 111 CZK",
            "March 1997: 101 CZK, baseline 100 CZK, expected 92 to 112 CZK");
    assertThat(series.plot().boxes())
        .filteredOn(b -> b.css().startsWith("legend"))
        .extracting(Plot.Box::title)
        .containsExactly("actual", "baseline", "expected range", "anomaly");
    assertThat(series.plot().lines()).extracting(Plot.Shape::css).contains("grid", "tick");
    assertThat(series.plot().texts())
        .extracting(Plot.Text::text)
        .contains("112 CZK", "60 CZK", "January 1997", "March 1997");
    assertThat(series.source()).isEqualTo("#13·ab111111");

    FindingView.ChartView bars = view.charts().get(1);
    // Names from the data stay text; the template escapes them like any other text.
    assertThat(bars.plot().texts())
        .extracting(Plot.Text::text)
        .contains("<b>Praha</b>", "75.0%", "12.5%");
    assertThat(bars.plot().boxes().get(0).css()).isEqualTo("bar drop");
    double first = Double.parseDouble(bars.plot().boxes().get(0).width());
    double second = Double.parseDouble(bars.plot().boxes().get(1).width());
    assertThat(first / second).isCloseTo(6.0, org.assertj.core.data.Offset.offset(0.01));

    FindingView.ChartView table = view.charts().get(2);
    assertThat(table.plot()).isNull();
    assertThat(table.headings()).containsExactly("District", "Amount (CZK)");
    assertThat(table.cells()).containsExactly(List.of("Praha", "1,234.50"), List.of("Brno", "–"));
  }
}
