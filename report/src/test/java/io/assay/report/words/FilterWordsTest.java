package io.assay.report.words;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.plan.PlanStep;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every kind of row condition a composed query has, in words, on a bike-share dataset made up here:
 * labels instead of table.column, dates as people write them, no JSON.
 */
class FilterWordsTest {
  private final Labels labels =
      Labels.of(
          Map.of(
              "ride.started_on", "Start date",
              "ride.minutes", "Ride length",
              "station.city", "City",
              "bike.kind", "Kind of bike",
              "bike.tags", "Tags",
              "repair", "Repair",
              "repair.cost", "Repair cost",
              "ride_count", "Rides taken"));
  private final StepWords words = new StepWords(labels);

  private static Map<String, Object> date(String iso) {
    return Map.of("date", iso);
  }

  @Test
  void eachKindOfConditionReadsInTheDatasetsWords() {
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "between",
                    "column",
                    "ride.started_on",
                    "from",
                    date("2013-03-01"),
                    "to",
                    date("2013-05-15"))))
        .isEqualTo("Start date from 1 March 2013 to 15 May 2013");
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "between",
                    "column",
                    "ride.started_on",
                    "from",
                    date("2012-01-01"),
                    "to",
                    date("2012-12-31"))))
        .isEqualTo("Start date in 2012");
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "compare",
                    "column",
                    "ride.started_on",
                    "op",
                    "ge",
                    "value",
                    date("2014-07-01"))))
        .isEqualTo("Start date ≥ 1 July 2014");
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "in",
                    "column",
                    "station.city",
                    "values",
                    List.of("Lyon", "Nantes"),
                    "negated",
                    false)))
        .isEqualTo("City one of 'Lyon', 'Nantes'");
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "in",
                    "column",
                    "bike.kind",
                    "values",
                    List.of("cargo"),
                    "negated",
                    true)))
        .isEqualTo("Kind of bike ≠ 'cargo'");
    assertThat(words.filter(Map.of("kind", "prefix", "column", "station.city", "prefix", "Saint")))
        .isEqualTo("City starts with 'Saint'");
    assertThat(words.filter(Map.of("kind", "is_null", "column", "ride.minutes", "negated", true)))
        .isEqualTo("Ride length is present");
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "contains",
                    "column",
                    "bike.tags",
                    "value",
                    "electric",
                    "negated",
                    false)))
        .isEqualTo("Tags includes 'electric'");
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "compare",
                    "column",
                    "ride.minutes",
                    "op",
                    "gt",
                    "value",
                    Map.of("amount", 2, "unit", "HOURS"))))
        .isEqualTo("Ride length > 2 hours");
  }

  @Test
  void aCountOfRelatedRowsReadsAsHowMany() {
    assertThat(
            words.filter(
                Map.of("kind", "related_count", "table", "repair", "op", "gt", "count", 1)))
        .isEqualTo("with more than 1 repair");
  }

  @Test
  void relatedRowsRanksAndAggregatesReadAsPhrases() {
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "exists",
                    "table",
                    "repair",
                    "negated",
                    true,
                    "filters",
                    List.of(
                        Map.of(
                            "kind",
                            "compare",
                            "column",
                            "repair.cost",
                            "op",
                            "gt",
                            "value",
                            100)))))
        .isEqualTo("with no repair where Repair cost > 100");
    assertThat(
            words.filter(
                Map.of(
                    "kind",
                    "ranked",
                    "column",
                    "station.city",
                    "rankBy",
                    Map.of(
                        "kind",
                        "measure",
                        "measure",
                        Map.of("kind", "metric", "metric", "ride_count")),
                    "direction",
                    "desc",
                    "rank",
                    2)))
        .isEqualTo("City is the 2nd highest by rides taken");
    assertThat(
            words.filter(
                Map.of("kind", "vs_aggregate", "column", "ride.minutes", "op", "lt", "fn", "avg")))
        .isEqualTo("Ride length < the average of ride length");
  }

  @Test
  void periodsOfAnyKindReadAsPeopleWriteThem() {
    assertThat(StepWords.time(Map.of("kind", "range", "from", "2013-04-02")))
        .isEqualTo("from 2 April 2013");
    assertThat(StepWords.time(Map.of("kind", "range", "to", "2013-04-30")))
        .isEqualTo("until 30 April 2013");
    assertThat(StepWords.time(Map.of("kind", "week", "from", "2013-04-08")))
        .isEqualTo("the week from 8 April 2013");
    assertThat(
            StepWords.time(Map.of("kind", "relative", "grain", "QUARTER", "count", 1, "offset", 1)))
        .isEqualTo("the previous quarter");
    assertThat(
            StepWords.time(Map.of("kind", "relative", "grain", "MONTH", "count", 6, "offset", 0)))
        .isEqualTo("the last 6 months");
    assertThat(StepWords.time(Map.of("kind", "relative", "grain", "WEEK", "count", 4, "offset", 2)))
        .isEqualTo("4 weeks ending 2 weeks before the latest");
  }

  @Test
  void anEditOfAPeriodOrFiltersReadsAsASentenceWithNoMap() {
    assertThat(
            words.edit(
                new io.assay.contract.plan.PlanEdit.SetArgs(
                    0,
                    Map.of(
                        "time",
                        Map.of("kind", "range", "from", "2013-03-01", "to", "2013-10-31")))))
        .isEqualTo("changed step 1: time set to March to October 2013");
    assertThat(
            words.edit(
                new io.assay.contract.plan.PlanEdit.SetArgs(
                    2,
                    Map.of(
                        "filters",
                        List.of(
                            Map.of(
                                "kind",
                                "compare",
                                "column",
                                "station.city",
                                "op",
                                "ne",
                                "value",
                                "Lyon"))))))
        .isEqualTo("changed step 3: filters set to City ≠ 'Lyon'");
  }

  @Test
  void aStepsFiltersListEveryConditionAndNothingRaw() {
    PlanStep step =
        new PlanStep(
            "trend_anomaly",
            Map.of(
                "metric",
                "ride_count",
                "filters",
                List.of(
                    Map.of(
                        "kind", "compare", "column", "station.city", "op", "eq", "value", "Lyon"),
                    Map.of("kind", "is_null", "column", "bike.kind", "negated", false))),
            "",
            null);
    assertThat(words.filters(step)).containsExactly("City = 'Lyon'", "Kind of bike is missing");
    assertThat(String.join(" ", words.filters(step))).doesNotContain(".", "{", "_");
  }
}
