package io.assay.contract.finding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DisplayFormatTest {

  @Test
  void formatsWithPythonRoundingAndGrouping() {
    assertThat(DisplayFormat.grouped(0).format(4_830_000)).isEqualTo("4,830,000");
    assertThat(DisplayFormat.grouped(2).format(-1234.125))
        .as("half-even on the exact binary value")
        .isEqualTo("-1,234.12");
    assertThat(DisplayFormat.grouped(0).format(999)).isEqualTo("999");
    assertThat(DisplayFormat.number(2).format(0.125)).isEqualTo("0.12");
    assertThat(DisplayFormat.percent(1).format(-0.39238)).isEqualTo("-39.2%");
    assertThatThrownBy(() -> DisplayFormat.number(2).format(Double.NaN))
        .hasMessageContaining("non-finite");
  }

  @Test
  void matchesWithinTheRoundingTheTextShows() {
    DisplayFormat pct = DisplayFormat.percent(1);
    assertThat(pct.matches("-39.2%", -0.39238)).isTrue();
    assertThat(pct.matches("-39%", -0.39238)).as("coarser rounding, still equal").isTrue();
    assertThat(pct.matches("-38.2%", -0.39238)).as("drifted").isFalse();
    assertThat(pct.matches("-39.2", -0.39238)).as("a percent needs its sign").isFalse();
    DisplayFormat money = DisplayFormat.grouped(0);
    assertThat(money.matches("2,934,500", 2_934_500)).isTrue();
    assertThat(money.matches("2934500", 2_934_500)).isTrue();
    assertThat(money.matches("2,934,501", 2_934_500)).isFalse();
    assertThat(money.matches("2.9%", 2_934_500)).isFalse();
    assertThat(money.matches("about 3", 3)).isFalse();
  }
}
