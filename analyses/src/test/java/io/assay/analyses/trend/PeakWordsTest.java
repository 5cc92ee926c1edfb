package io.assay.analyses.trend;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.support.Periods;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** A scanned window is named whole: one ISO period, or both of its ends. */
class PeakWordsTest {

  @Test
  void aWholeYearOrMonthIsOnePeriod() {
    assertThat(
            PeakWords.window(
                new Periods.Range(LocalDate.of(1997, 1, 1), LocalDate.of(1997, 12, 31))))
        .isEqualTo("{date:1997}");
    assertThat(
            PeakWords.window(
                new Periods.Range(LocalDate.of(2004, 2, 1), LocalDate.of(2004, 2, 29))))
        .isEqualTo("{date:2004-02}");
  }

  @Test
  void anyOtherRangeIsNamedByBothEnds() {
    assertThat(
            PeakWords.window(
                new Periods.Range(LocalDate.of(2011, 3, 1), LocalDate.of(2011, 10, 31))))
        .isEqualTo("{date:2011-03-01} to {date:2011-10-31}");
  }
}
