package io.assay.analyses.drill;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.drill.DrillDown.Row;
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
    assertThat(DrillDown.finest(causes, regionAndDistricts(0))).isEqualTo("district");
    // The same with Adtributor listing the finer dimension first.
    Map<String, List<Object>> reversed = new LinkedHashMap<>();
    reversed.put("district", List.of("Alpha"));
    reversed.put("region", List.of("North"));
    assertThat(DrillDown.finest(reversed, regionAndDistricts(0))).isEqualTo("district");
  }

  @Test
  void theCoarserElementStaysWhenTheChangeIsSpreadOverItsParts() {
    Map<String, List<Object>> causes = new LinkedHashMap<>();
    causes.put("region", List.of("North"));
    causes.put("district", List.of("Alpha"));
    // Beta lost as much as Alpha: the region explains all of it, one district half.
    assertThat(DrillDown.finest(causes, regionAndDistricts(-100))).isEqualTo("region");
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
    assertThat(DrillDown.finest(causes, rows)).isEqualTo("symbol");
  }
}
