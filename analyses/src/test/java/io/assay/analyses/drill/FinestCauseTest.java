package io.assay.analyses.drill;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.drill.Attribution.Row;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FinestCauseTest {
  private static Row row(String element, double predict, double real) {
    return new Row(element, element, predict, real);
  }

  /** A region of three districts; the change (-100) sits in one district of region North. */
  private static Map<String, List<Row>> regionAndDistricts(double otherDistrictChange) {
    Map<String, List<Row>> rows = new LinkedHashMap<>();
    rows.put(
        "region", List.of(row("North", 300, 200 + otherDistrictChange), row("South", 300, 300)));
    rows.put(
        "district",
        List.of(
            row("Alpha", 100, 0),
            row("Beta", 100, 100 + otherDistrictChange),
            row("Gamma", 100, 100),
            row("Delta", 150, 150),
            row("Epsilon", 150, 150)));
    return rows;
  }

  @Test
  void theFinerElementIsPreferredWhenItExplainsAsMuch() {
    Map<String, List<Object>> causes = new LinkedHashMap<>();
    causes.put("region", List.of("North"));
    causes.put("district", List.of("Alpha"));
    assertThat(Attribution.finest(causes, regionAndDistricts(0))).isEqualTo("district");
    // The same with Adtributor listing the finer dimension first.
    Map<String, List<Object>> reversed = new LinkedHashMap<>();
    reversed.put("district", List.of("Alpha"));
    reversed.put("region", List.of("North"));
    assertThat(Attribution.finest(reversed, regionAndDistricts(0))).isEqualTo("district");
  }

  @Test
  void theCoarserElementStaysWhenTheChangeIsSpreadOverItsParts() {
    Map<String, List<Object>> causes = new LinkedHashMap<>();
    causes.put("region", List.of("North"));
    causes.put("district", List.of("Alpha"));
    // Beta lost as much as Alpha: the region explains all of it, one district half.
    assertThat(Attribution.finest(causes, regionAndDistricts(-100))).isEqualTo("region");
  }

  @Test
  void aCodeThatExplainsMoreThanTheOperationWins() {
    Map<String, List<Object>> causes = new LinkedHashMap<>();
    Map<String, List<Row>> rows = new LinkedHashMap<>();
    rows.put("symbol", List.of(row("pension", 100, 20), row("other", 500, 500)));
    rows.put(
        "operation",
        List.of(row("cash", 200, 150), row("transfer", 200, 200), row("card", 200, 170)));
    causes.put("operation", List.of("cash"));
    causes.put("symbol", List.of("pension"));
    // symbol's leading element explains 100 % of the change, operation's 62.5 %.
    assertThat(Attribution.finest(causes, rows)).isEqualTo("symbol");
  }

  @Test
  void aSmallElementsCollapseOutweighsALargeElementsOrdinaryWobble() {
    // A large district 40 below its own baseline, within its ordinary noise (3 typical errors of
    // 20 each), and a small one that lost 30 of its 35: the collapse is the change that counts.
    List<Row> rows =
        List.of(
            new Row("Large", "Large", 5000, 4960, 60),
            new Row("Small", "Small", 35, 5, 6),
            new Row("Other", "Other", 800, 812, 30));
    double[] shares = Attribution.shares(rows);
    assertThat(shares[1]).isEqualTo(1.0);
    assertThat(shares[0]).isZero();
    // Without allowances (expectations split from the total), the plain contribution.
    List<Row> plain =
        List.of(row("Large", 5000, 4960), row("Small", 35, 5), row("Other", 800, 812));
    assertThat(Attribution.shares(plain)[0])
        .isCloseTo(40.0 / 58, org.assertj.core.data.Offset.offset(1e-12));
    // Nothing beyond ordinary noise: the plain contribution as well.
    List<Row> quiet = List.of(new Row("A", "A", 100, 90, 30), new Row("B", "B", 100, 95, 30));
    assertThat(Attribution.shares(quiet)[0])
        .isCloseTo(10.0 / 15, org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void theElementFurthestBeyondItsNoiseAndSpecificChoosesTheDimension() {
    // Frequency "monthly" holds most of the total: its change is the larger but moves with any
    // change of the total; district Alpha fell 100, far beyond its own noise.
    Map<String, List<Row>> rows = new LinkedHashMap<>();
    rows.put(
        "frequency",
        List.of(
            new Row("monthly", "monthly", 9000, 8810, 3 * 30),
            new Row("weekly", "weekly", 1000, 990, 3 * 15)));
    rows.put(
        "district",
        List.of(
            new Row("Alpha", "Alpha", 300, 200, 3 * 10),
            new Row("Beta", "Beta", 9700, 9700, 3 * 48)));
    Map<String, List<Object>> causes = new LinkedHashMap<>();
    causes.put("frequency", List.of("monthly"));
    causes.put("district", List.of("Alpha"));
    assertThat(Attribution.finest(causes, rows)).isEqualTo("district");
    // A region that moved as a whole (-120, six of its typical errors of 20) outranks its
    // districts, each of which moved about three of its own.
    Map<String, List<Row>> spread = new LinkedHashMap<>();
    spread.put(
        "region",
        List.of(
            new Row("North", "North", 600, 480, 3 * 20), new Row("South", "South", 600, 600, 60)));
    spread.put(
        "district",
        List.of(
            new Row("Alpha", "Alpha", 200, 160, 3 * 13),
            new Row("Beta", "Beta", 200, 160, 3 * 13),
            new Row("Gamma", "Gamma", 200, 160, 3 * 13),
            new Row("Delta", "Delta", 600, 600, 3 * 20)));
    Map<String, List<Object>> both = new LinkedHashMap<>();
    both.put("region", List.of("North"));
    both.put("district", List.of("Alpha", "Beta", "Gamma"));
    assertThat(Attribution.finest(both, spread)).isEqualTo("region");
  }
}
