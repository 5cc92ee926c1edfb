package io.assay.algorithms.adtributor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Degenerate inputs give defined results or clear errors, never NaN or a hang. */
class AdtributorDegenerateInputTest {
  private static final AdtributorParams DROP = AdtributorParams.defaults(false);

  private static Map<String, DimensionTable> one(String dim, DimensionTable t) {
    Map<String, DimensionTable> m = new LinkedHashMap<>();
    m.put(dim, t);
    return m;
  }

  private static void assertNoNaN(Object output) {
    String json = new ObjectMapper().valueToTree(output).toString();
    assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
  }

  @Test
  void noDimensionsAtAllIsNoAnomalyDirection() {
    AdtributorOutput out = Adtributor.analyse(Map.of(), DROP);
    assertThat(out.status()).isEqualTo(AdtributorStatus.NO_ANOMALY_DIRECTION);
    assertThat(out.reasonFlag()).isEqualTo("NO_SPECIFIC_INV");
  }

  @Test
  void emptyTableIsSkippedWithoutDetails() {
    Map<String, DimensionTable> tables =
        one("empty", DimensionTable.absolute(List.of(), new double[0], new double[0]));
    tables.put(
        "city",
        DimensionTable.absolute(List.of("a", "b"), new double[] {10, 10}, new double[] {2, 9}));
    AdtributorOutput out = Adtributor.analyse(tables, DROP);
    assertThat(out.dimensionDetails()).containsOnlyKeys("city");
    assertThat(out.rootCauses()).containsEntry("city", List.of("a"));
  }

  @Test
  void constantValuesMatchNoDirection() {
    AdtributorOutput out =
        Adtributor.analyse(
            one(
                "c",
                DimensionTable.absolute(
                    List.of("x", "y"), new double[] {5, 5}, new double[] {5, 5})),
            DROP);
    assertThat(out.status()).isEqualTo(AdtributorStatus.NO_ANOMALY_DIRECTION);
  }

  @Test
  void constantValuesWithAnyIssueTypeGiveZeroEpNotNaN() {
    AdtributorOutput out =
        Adtributor.analyse(
            one(
                "c",
                DimensionTable.absolute(
                    List.of("x", "y"), new double[] {5, 5}, new double[] {5, 5})),
            DROP.withIssueType("any"));
    assertThat(out.status()).isEqualTo(AdtributorStatus.NO_ROOT_CAUSE);
    assertThat(out.dimensionDetails().get("c").explanatoryPower()).isEqualTo(0.0);
    assertThat(out.dimensionDetails().get("c").reason())
        .isEqualTo("skip: cumulative_ep(0.0000) < tep(0.7)");
    assertNoNaN(out);
  }

  @Test
  void oneElementExplainsAllOfItsDimension() {
    AdtributorOutput out =
        Adtributor.analyse(
            one("c", DimensionTable.absolute(List.of(7L), new double[] {10}, new double[] {4})),
            DROP);
    assertThat(out.rootCauses()).containsEntry("c", List.of(7L));
    assertThat(out.dimensionDetails().get("c").explanatoryPower()).isEqualTo(1.0);
    assertThat(out.dimensionDetails().get("c").totalSurprise()).isEqualTo(0.0);
  }

  @Test
  void allZerosAreFilteredOut() {
    AdtributorOutput out =
        Adtributor.analyse(
            one("c", DimensionTable.absolute(List.of("a", "b"), new double[2], new double[2])),
            DROP);
    assertThat(out.status()).isEqualTo(AdtributorStatus.NO_ANOMALY_DIRECTION);
  }

  @Test
  void allZeroRatioDenominatorsGiveDefinedOutput() {
    DimensionTable t =
        DimensionTable.ratio(
            List.of("a", "b"), new double[2], new double[2], new double[2], new double[2]);
    AdtributorOutput out =
        Adtributor.analyse(one("c", t), AdtributorParams.defaults(true).withIssueType("any"));
    assertThat(out.status()).isEqualTo(AdtributorStatus.NO_ROOT_CAUSE);
    assertNoNaN(out);
  }

  @Test
  void negativeVolumesAreRejectedWithAClearMessage() {
    assertThatThrownBy(
            () -> DimensionTable.absolute(List.of("a"), new double[] {-1}, new double[] {2}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("predict of element a is negative");
  }

  @Test
  void negativeVolumeInTheToolIsAnAlgorithmError() {
    DrilldownResult r =
        AdtributorDrilldown.run(
            DrilldownRequest.of("t", List.of(MeltedRow.absolute("d", "a", 5, -2)), false));
    assertThat(r)
        .isEqualTo(
            new DrilldownResult.Failure(
                "Algorithm execution failed: real of element a is negative (-2.0); Adtributor needs non-negative volumes"));
  }

  @Test
  void nanCellsAreMissingAndNeverReachTheOutput() {
    DimensionTable t =
        DimensionTable.absolute(
            List.of("a", "b", "c"),
            new double[] {10, Double.NaN, 10},
            new double[] {2, 5, Double.NaN});
    AdtributorOutput out = Adtributor.analyse(one("d", t), DROP);
    assertThat(out.rootCauses()).containsEntry("d", List.of("a"));
    AdtributorOutput any = Adtributor.analyse(one("d", t), DROP.withIssueType("any"));
    assertNoNaN(any);
  }

  @Test
  void infiniteValuesAreRejected() {
    assertThatThrownBy(
            () ->
                DimensionTable.absolute(
                    List.of("a"), new double[] {Double.POSITIVE_INFINITY}, new double[] {1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("infinite");
    assertThatThrownBy(() -> DROP.withTep(Double.NaN))
        .hasMessageContaining("tep must be a finite number");
  }

  @Test
  void bugDuplicateElementLabelsAreSummedIntoOneRow() {
    // Spec B6 [BUG?]: the reference crashes when the tep cut falls on a duplicated label.
    DimensionTable t =
        DimensionTable.builder(List.of("a", "b", "a", 1L, 1.0))
            .column(MetricColumn.PREDICT, new double[] {10, 10, 5, 1, 2})
            .column(MetricColumn.REAL, new double[] {4, 9, 1, 1, 1})
            .build();
    assertThat(t.elements()).containsExactly("a", "b", 1L);
    assertThat(t.column(MetricColumn.PREDICT)).containsExactly(15, 10, 3);
    assertThat(t.column(MetricColumn.REAL)).containsExactly(5, 9, 2);
    AdtributorOutput out = Adtributor.analyse(one("d", t), DROP);
    assertThat(out.rootCauses()).containsEntry("d", List.of("a"));
  }

  @Test
  void bugKBelowOneIsRejectedInsteadOfPythonSlicing() {
    // Spec B3 [BUG?]: k = 0 returns nothing and k = -1 drops the last candidate in the reference.
    assertThatThrownBy(() -> DROP.withK(0)).hasMessage("k must be at least 1, got 0");
    assertThatThrownBy(() -> DROP.withK(-1)).hasMessage("k must be at least 1, got -1");
    DrilldownResult r =
        AdtributorDrilldown.run(
            new DrilldownRequest(
                "t", List.of(MeltedRow.absolute("d", "a", 5, 2)), false, null, null, null, 0));
    assertThat(r)
        .isEqualTo(
            new DrilldownResult.Failure("Algorithm execution failed: k must be at least 1, got 0"));
  }

  @Test
  void bugCallerArraysAreNeverMutated() {
    // Spec B1 [BUG?]: the reference adds predict/real columns to the caller's tables in place.
    double[] pn = {8, 2};
    double[] pd = {100, 100};
    double[] rn = {2, 2};
    double[] rd = {100, 100};
    DimensionTable t = DimensionTable.ratio(List.of("x", "y"), pn, pd, rn, rd);
    Adtributor.analyse(one("ad", t), AdtributorParams.defaults(true));
    pn[0] = 999;
    assertThat(t.column(MetricColumn.PREDICT_NUMERATOR)).containsExactly(8, 2);
    assertThat(t.has(MetricColumn.PREDICT)).isFalse();
  }

  @Test
  void dimensionNamedLikeAMetricColumnDoesNotCollide() {
    Map<String, DimensionTable> tables =
        one(
            "predict",
            DimensionTable.absolute(
                List.of("real", "x"), new double[] {10, 10}, new double[] {1, 10}));
    AdtributorOutput out = Adtributor.analyse(tables, DROP);
    assertThat(out.rootCauses()).containsEntry("predict", List.of("real"));
  }

  @Test
  void toolRejectsNullOrEmptyDataAndRowsWithoutLabels() {
    assertThat(AdtributorDrilldown.run(DrilldownRequest.of("t", null, false)))
        .isEqualTo(new DrilldownResult.Failure("Input data is empty."));
    List<MeltedRow> rows = new ArrayList<>();
    rows.add(MeltedRow.absolute(null, "a", 1, 1));
    assertThat(AdtributorDrilldown.run(DrilldownRequest.of("t", rows, false)))
        .isEqualTo(new DrilldownResult.Failure("Invalid row 0: dimension_name is required"));
    rows.set(0, MeltedRow.absolute("d", null, 1, 1));
    assertThat(AdtributorDrilldown.run(DrilldownRequest.of("t", rows, false)))
        .isEqualTo(new DrilldownResult.Failure("Invalid row 0: element_value is required"));
  }

  @Test
  void toolTurnsBooleanElementsIntoIntegersAndKeepsFloats() {
    List<MeltedRow> rows =
        List.of(MeltedRow.absolute("flag", true, 10, 2), MeltedRow.absolute("flag", 2.0, 10, 10));
    DrilldownResult.Report r =
        (DrilldownResult.Report) AdtributorDrilldown.run(DrilldownRequest.of("t", rows, false));
    assertThat(r.rootCauses()).containsEntry("flag", List.of(1L));
    assertThat(r.dimensionDetails().get("flag").narrative())
        .isEqualTo(
            "The elements [1] in this dimension contributed to 100.00% of the overall anomaly.");
  }

  @Test
  void baselineAndActualBreakdownsJoinOnElement() {
    Map<String, Double> baseline = new LinkedHashMap<>();
    baseline.put("ios", 1000.0);
    baseline.put("android", 2000.0);
    Map<String, Double> actual = new LinkedHashMap<>();
    actual.put("android", 1900.0);
    actual.put("web", 50.0);
    DimensionTable t = DimensionTable.fromBaselineActual(baseline, actual);
    assertThat(t.elements()).containsExactly("ios", "android", "web");
    assertThat(t.column(MetricColumn.PREDICT)).containsExactly(1000, 2000, 0);
    assertThat(t.column(MetricColumn.REAL)).containsExactly(0, 1900, 50);
    AdtributorOutput out = Adtributor.analyse(one("device", t), DROP);
    assertThat(out.rootCauses()).containsEntry("device", List.of("ios"));
  }

  @Test
  void tableMissingTheColumnsOfItsMetricKindIsAClearError() {
    DimensionTable t = DimensionTable.absolute(List.of("a"), new double[] {1}, new double[] {0});
    assertThatThrownBy(() -> Adtributor.analyse(one("d", t), AdtributorParams.defaults(true)))
        .hasMessageContaining("lacks the columns a derived (ratio) metric needs");
  }
}
