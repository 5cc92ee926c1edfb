package io.assay.report.words;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PeriodsTest {

  @Test
  void periodsReadAsPeopleWriteThemAtTheirGrain() {
    assertThat(Periods.show("1997-06-01", Periods.Grain.MONTH)).isEqualTo("June 1997");
    assertThat(Periods.show("1996-01-01", Periods.Grain.MONTH)).isEqualTo("January 1996");
    assertThat(Periods.show("1997-04-01", Periods.Grain.QUARTER)).isEqualTo("Q2 1997");
    assertThat(Periods.show("1997-06-02", Periods.Grain.WEEK)).isEqualTo("week of 2 June 1997");
    assertThat(Periods.show("1997-06-02", null)).isEqualTo("2 June 1997");
    assertThat(Periods.show("1997-03", null)).isEqualTo("March 1997");
    assertThat(Periods.show("1997", null)).isEqualTo("1997");
    assertThat(Periods.show("2026-12-01T21:50:10Z", null)).isEqualTo("1 December 2026, 21:50 UTC");
  }

  @Test
  void aGrainTheDateDoesNotHaveIsNotApplied() {
    // The 15th is no month's start, so a month grain would hide the day.
    assertThat(Periods.fits("1997-06-15", Periods.Grain.MONTH)).isFalse();
    assertThat(Periods.show("1997-06-15", Periods.Grain.MONTH)).isEqualTo("15 June 1997");
  }

  @Test
  void theGrainOfASeriesComesFromTheSpacingOfItsPeriods() {
    assertThat(Periods.grainOf(List.of("1997-01-01", "1997-02-01", "1997-03-01")))
        .isEqualTo(Periods.Grain.MONTH);
    assertThat(Periods.grainOf(List.of("1997-01-06", "1997-01-13", "1997-01-20")))
        .isEqualTo(Periods.Grain.WEEK);
    assertThat(Periods.grainOf(List.of("1996-01-01", "1996-04-01")))
        .isEqualTo(Periods.Grain.QUARTER);
    assertThat(Periods.grainOf(List.of("1995-01-01", "1996-01-01"))).isEqualTo(Periods.Grain.YEAR);
    assertThat(Periods.grainOf(List.of("1997-01-01", "1997-01-02"))).isEqualTo(Periods.Grain.DAY);
    assertThat(Periods.grainOf(List.of("1997-01-01", "1997-02-01", "1997-02-15"))).isNull();
    assertThat(Periods.grainOf(List.of("1997-01-01"))).isNull();
  }

  @Test
  void isoPeriodsInAnAnalysisTextReadAsPeopleWriteThem() {
    assertThat(Periods.inText("The drill-down explains 1997-11, the interval located"))
        .isEqualTo("The drill-down explains November 1997, the interval located");
    assertThat(Periods.inText("monthly series 1994-01..1997-12 → baseline"))
        .isEqualTo("monthly series January 1994 to December 1997 → baseline");
    assertThat(Periods.inText("west Bohemia in 1997-09-01..1997-09-30 (score 4.1)"))
        .isEqualTo("west Bohemia in September 1997 (score 4.1)");
    assertThat(Periods.inText("on 2022-06-03 and 2022-06-05..2022-06-09"))
        .isEqualTo("on 3 June 2022 and 5 June 2022 to 9 June 2022");
    // Not periods: a code, a month 13, a longer number, a version.
    assertThat(Periods.inText("order AB-1997-11, 1997-13, 21997-11-01, v1.1997-11"))
        .isEqualTo("order AB-1997-11, 1997-13, 21997-11-01, v1.1997-11");
    assertThat(Periods.inText(null)).isNull();
  }

  @Test
  void rangesReadAsPeopleWriteThemWithToOrDots() {
    assertThat(Periods.inText("the 12 months 1995-12-01 to 1996-11-30"))
        .isEqualTo("the 12 months December 1995 to November 1996");
    assertThat(Periods.inText("scanned 1997-03-01..1997-06-30, then 1997-01-01 to 1997-12-31"))
        .isEqualTo("scanned March to June 1997, then 1997");
    assertThat(Periods.inText("from 1997-03-03 to 1997-03-09"))
        .isEqualTo("from 3 March 1997 to 9 March 1997");
    assertThat(Periods.range("1997-06", "1997-06")).isEqualTo("June 1997");
    assertThat(Periods.range("1997-06-01", "1997-06-30")).isEqualTo("June 1997");
    assertThat(Periods.range("1997-06-15", "1997-06-15")).isEqualTo("15 June 1997");
    // Not a period: left as written.
    assertThat(Periods.inText("ids 1997-13-01 to 1997-14-01"))
        .isEqualTo("ids 1997-13-01 to 1997-14-01");
  }

  @Test
  void aPeriodWrittenAsPeopleWriteItReadsAsItsFirstDay() {
    for (String written :
        java.util.List.of(
            "June 1997",
            "jun 1997",
            "1 June 1997",
            "1997-06-01",
            "1997-06",
            "week of 1 June 1997")) {
      assertThat(Periods.read(written)).as(written).isEqualTo(java.time.LocalDate.of(1997, 6, 1));
    }
    assertThat(Periods.read("Q2 1997")).isEqualTo(java.time.LocalDate.of(1997, 4, 1));
    assertThat(Periods.read("1997")).isEqualTo(java.time.LocalDate.of(1997, 1, 1));
    assertThat(Periods.read("15 June 1997")).isEqualTo(java.time.LocalDate.of(1997, 6, 15));
    for (String none : java.util.List.of("Juneteenth", "31 June 1997", "Q5 1997", "", "1997-13")) {
      assertThat(Periods.read(none)).as(none).isNull();
    }
    // What show writes, read reads back.
    assertThat(Periods.read(Periods.show("1997-04-01", Periods.Grain.QUARTER)))
        .isEqualTo(java.time.LocalDate.of(1997, 4, 1));
  }
}
