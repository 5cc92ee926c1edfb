package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.ArgsSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A step's arguments in words, for a step that can no longer be edited. */
class ArgWordsTest {
  private static final ArgForms.Choices CHOICES =
      new ArgForms.Choices(
          List.of(new ArgForms.Option("rides", "Rides taken")),
          List.of(
              new ArgForms.Option("station.city", "City"),
              new ArgForms.Option("bike.kind", "Kind of bike")),
          2010,
          2014);

  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "what to count"),
          ArgSpec.optional("dimensions", ArgType.COLUMN_LIST, "how to split", null),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "period length", "month"),
          ArgSpec.optional("time", ArgType.TIME_FILTER, "the window", null));

  private static Map<String, String> words(Map<String, Object> args) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (ArgForms.Field f : ArgForms.fields(SCHEMA, args, CHOICES)) {
      out.put(f.name(), f.inWords());
    }
    return out;
  }

  @Test
  void choicesReadAsTheirLabelsAndPeriodsAsPeopleWriteThem() {
    Map<String, String> shown =
        words(
            Map.of(
                "metric",
                "rides",
                "dimensions",
                List.of("bike.kind", "station.city"),
                "grain",
                "week",
                "time",
                Map.of("kind", "quarter", "year", 2012, "quarter", 3)));

    assertThat(shown)
        .containsEntry("metric", "Rides taken")
        .containsEntry("grain", "week")
        .containsEntry("time", "Q3 2012");
    assertThat(shown.get("dimensions")).contains("Kind of bike", "City");
  }

  private static final ArgsSchema FILTERED =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "what to count"),
          ArgSpec.optional("dimension", ArgType.COLUMN, "how to split", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "rows kept", null),
          ArgSpec.optional("time", ArgType.TIME_FILTER, "the window", null),
          ArgSpec.optional("pick", ArgType.PICK, "a composed query", null),
          ArgSpec.optional("found_by", ArgType.STRING, "the step that found it", null));

  @Test
  void filtersColumnsAndRangesReadInWordsWithNoRawNameOrJson() {
    Map<String, String> shown = new java.util.LinkedHashMap<>();
    Map<String, Object> args =
        Map.of(
            "metric",
            "rides",
            "dimension",
            "station.city",
            "filters",
            List.of(
                Map.of("kind", "compare", "column", "bike.kind", "op", "ne", "value", "cargo"),
                Map.of(
                    "kind",
                    "between",
                    "column",
                    "station.opened",
                    "from",
                    Map.of("date", "2011-01-01"),
                    "to",
                    Map.of("date", "2011-06-30"))),
            "time",
            Map.of("kind", "range", "from", "2012-02-01", "to", "2012-04-30"),
            "found_by",
            "seasonal_scan");
    for (ArgForms.Field f : ArgForms.fields(FILTERED, args, CHOICES)) {
      shown.put(f.name(), f.inWords());
    }
    assertThat(shown)
        .containsEntry("dimension", "City")
        .containsEntry("filters", "Kind of bike ≠ 'cargo' and Opened from January to June 2011")
        .containsEntry("time", "February to April 2012")
        .containsEntry("found_by", "seasonal scan")
        .containsEntry("pick", "");
    assertThat(String.join(" ", shown.values())).doesNotContain("station.", "bike.", "{", "_");
  }

  @Test
  void aComposedQueryShowsWhatItKeepsAndWhen() {
    Map<String, Object> pick =
        Map.of(
            "filters",
            List.of(Map.of("kind", "in", "column", "station.city", "values", List.of("Lyon"))),
            "time",
            Map.of("kind", "quarter", "year", 2013, "quarter", 2));
    String words =
        ArgForms.fields(FILTERED, Map.of("metric", "rides", "pick", pick), CHOICES).stream()
            .filter(f -> f.name().equals("pick"))
            .findFirst()
            .orElseThrow()
            .inWords();
    assertThat(words).isEqualTo("rows where City = 'Lyon', in Q2 2013");
    // An open range carries its own preposition, and a relative window reads "over".
    Map<String, Object> open = Map.of("time", Map.of("kind", "range", "from", "2013-04-02"));
    assertThat(pickWords(open)).isEqualTo("from 2 April 2013");
    Map<String, Object> recent =
        Map.of("time", Map.of("kind", "relative", "grain", "MONTH", "count", 3, "offset", 0));
    assertThat(pickWords(recent)).isEqualTo("over the last 3 months");
  }

  private static String pickWords(Map<String, Object> pick) {
    return ArgForms.fields(FILTERED, Map.of("metric", "rides", "pick", pick), CHOICES).stream()
        .filter(f -> f.name().equals("pick"))
        .findFirst()
        .orElseThrow()
        .inWords();
  }

  @Test
  void unsetArgumentsSayNothingAndAMonthIsNamed() {
    Map<String, String> shown =
        words(Map.of("metric", "rides", "time", Map.of("kind", "month", "year", 2011, "month", 4)));

    assertThat(shown).containsEntry("time", "April 2011").containsEntry("dimensions", "");
  }

  @Test
  void aListOfPeriodsIsShownAndReadAsPeopleWriteIt() {
    ArgsSchema expected =
        ArgsSchema.of(
            ArgSpec.optional("grain", ArgType.TIME_GRAIN, "period length", "month"),
            ArgSpec.optional("expected_periods", ArgType.PERIOD_LIST, "known periods", null));
    ArgForms.Field field =
        ArgForms.fields(
                expected, Map.of("expected_periods", List.of("1997-06-01", "1998-12-01")), CHOICES)
            .get(1);
    // The field shows what a person would type, and what they type reads back as first days.
    assertThat(field.value()).isEqualTo("June 1997, December 1998");
    assertThat(ArgForms.periods(field.value())).containsExactly("1997-06-01", "1998-12-01");
    assertThat(ArgForms.periods("1 June 1997; Q3 1998\n1999-01-01 1999-02-01"))
        .containsExactly("1997-06-01", "1998-07-01", "1999-01-01", "1999-02-01");
    // What names no period goes on as typed, for the schema to refuse.
    assertThat(ArgForms.periods("June 1997, soon")).containsExactly("1997-06-01", "soon");
  }
}
