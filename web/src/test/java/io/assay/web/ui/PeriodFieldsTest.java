package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.ArgsSchema;
import io.assay.report.words.Labels;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A period typed into a generated form as a from/to pair: an inverted pair is refused with the two
 * days named, one open end is allowed, and a period that holds no day of the metric's data is
 * refused with where the data is. Data and names are a made-up bike-share set.
 */
class PeriodFieldsTest {
  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "what to count"),
          ArgSpec.optional("time", ArgType.TIME_FILTER, "the window", null),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "period length", "month"));

  private static final ArgForms.Choices CHOICES =
      new ArgForms.Choices(
          List.of(
              new ArgForms.Option("rides", "Rides taken"),
              new ArgForms.Option("repairs", "Repairs")),
          List.of(),
          2010,
          2014,
          Labels.NONE,
          Map.of(
              "rides", new DataWindow(LocalDate.of(2010, 6, 1), LocalDate.of(2014, 5, 31)),
              "repairs", new DataWindow(LocalDate.of(2012, 1, 1), LocalDate.of(2012, 12, 31))));

  private static Map<String, List<String>> range(String from, String to) {
    return Map.of(
        "arg.metric", List.of("rides"),
        "arg.time.kind", List.of("range"),
        "arg.time.from", List.of(from),
        "arg.time.to", List.of(to));
  }

  private static Map<String, Object> read(Map<String, List<String>> form) {
    Map<String, Object> wanted = ArgForms.read(SCHEMA, Map.of(), form);
    ArgForms.checkPeriods(SCHEMA, Map.of(), wanted, CHOICES);
    return wanted;
  }

  @Test
  void anInvertedPairIsRefusedNamingBothDays() {
    assertThatThrownBy(() -> read(range("2013-09-30", "2013-07-01")))
        .isInstanceOf(PlanForms.InvalidInput.class)
        .hasMessage(
            "Time: the first day (30 September 2013) is after the last day (1 July 2013);"
                + " swap them.");
  }

  @Test
  void oneEndMayStayOpenButNotBoth() {
    assertThat(read(range("2013-07-01", "")).get("time"))
        .isEqualTo(Map.of("kind", "range", "from", "2013-07-01"));
    assertThat(read(range("", "2011-02-28")).get("time"))
        .isEqualTo(Map.of("kind", "range", "to", "2011-02-28"));
    assertThatThrownBy(() -> read(range("", "")))
        .isInstanceOf(PlanForms.InvalidInput.class)
        .hasMessageContaining("give the first day, the last day or both");
  }

  @Test
  void aPeriodOutsideTheMetricsDataIsRefusedWithWhereTheDataIs() {
    assertThatThrownBy(() -> read(range("2015-01-01", "2015-03-31")))
        .isInstanceOf(PlanForms.InvalidInput.class)
        .hasMessage(
            "Time: January to March 2015 is after the data, which runs from 1 June 2010 to 31 May"
                + " 2014. Choose a period within it.");
    assertThatThrownBy(() -> read(range("", "2010-05-31")))
        .hasMessageContaining("until 31 May 2010 is before the data");
    // A year is judged by the chosen metric's own days, not every metric's.
    Map<String, List<String>> year =
        Map.of(
            "arg.metric", List.of("repairs"),
            "arg.time.kind", List.of("year"),
            "arg.time.year", List.of("2013"));
    assertThatThrownBy(() -> read(year))
        .hasMessageContaining("2013 is after the data, which runs from 1 January 2012");
    // A quarter's last day decides whether it ends before the data.
    Map<String, List<String>> quarter =
        Map.of(
            "arg.metric", List.of("repairs"),
            "arg.time.kind", List.of("quarter"),
            "arg.time.year", List.of("2011"),
            "arg.time.quarter", List.of("4"));
    assertThatThrownBy(() -> read(quarter)).hasMessageContaining("is before the data");
  }

  @Test
  void aPeriodOverlappingTheDataOrLeftAsItWasIsAccepted() {
    assertThat(read(range("2014-01-01", "2014-12-31")).get("time"))
        .isEqualTo(Map.of("kind", "range", "from", "2014-01-01", "to", "2014-12-31"));
    // The planner's period, out of the data or not, is not judged again when only the grain
    // changes.
    Map<String, Object> current =
        Map.of("metric", "rides", "time", Map.of("kind", "year", "year", 2009));
    Map<String, Object> wanted = new java.util.LinkedHashMap<>(current);
    wanted.put("grain", "week");
    ArgForms.checkPeriods(SCHEMA, current, wanted, CHOICES);
  }

  @Test
  void aPeriodTheFormCannotShowIsOfferedAsPlannedAndKept() {
    Map<String, Object> relative =
        Map.of("kind", "relative", "grain", "MONTH", "count", 3, "offset", 0);
    Map<String, Object> current = Map.of("metric", "rides", "time", relative);
    ArgForms.Field time =
        ArgForms.fields(SCHEMA, current, CHOICES).stream()
            .filter(f -> f.name().equals("time"))
            .findFirst()
            .orElseThrow();
    assertThat(time.time().keptAsIs()).isTrue();
    assertThat(time.inWords()).isEqualTo("the last 3 months");
    Map<String, Object> wanted =
        ArgForms.read(
            SCHEMA,
            current,
            Map.of(
                "arg.metric", List.of("rides"),
                "arg.time.kind", List.of("keep"),
                "arg.grain", List.of("week")));
    assertThat(wanted).containsEntry("time", relative).containsEntry("grain", "week");
  }

  @Test
  void theDateInputsAreBoundedByTheData() {
    ArgForms.Field time =
        ArgForms.fields(SCHEMA, Map.of("metric", "repairs"), CHOICES).stream()
            .filter(f -> f.name().equals("time"))
            .findFirst()
            .orElseThrow();
    assertThat(time.time().firstDay()).isEqualTo("2012-01-01");
    assertThat(time.time().lastDay()).isEqualTo("2012-12-31");
    assertThat(time.time().dataWords()).isEqualTo("Data from 1 January 2012 to 31 December 2012.");
  }
}
