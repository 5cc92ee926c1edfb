package io.assay.web.ui;

import io.assay.analyses.ArgType;
import io.assay.report.words.Periods;
import io.assay.report.words.StepWords;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One argument of a step in words, for a step that can no longer be edited: metrics and columns by
 * the dataset's labels (never table.column), periods as people write them, filters as conditions
 * ("Mode ≠ 'VYBER KARTOU'", "Date from 1 March 1997 to 31 May 1997"), yes or no. Blank when the
 * argument is unset, so the page says nothing rather than something raw.
 */
final class ArgWords {
  private ArgWords() {}

  static String of(ArgType type, Object value, ArgForms.Choices choices) {
    if (value == null) {
      return "";
    }
    return switch (type) {
      case METRIC, METRIC_LIST, COLUMN, COLUMN_LIST -> names(value, choices);
      case TIME_GRAIN -> String.valueOf(value);
      case TIME_FILTER -> StepWords.time(value);
      case FILTERS -> filters(value, choices);
      case PICK -> pick(value, choices);
      case PERIOD_LIST ->
          value instanceof Collection<?> c
              ? c.stream()
                  .map(p -> Periods.show(String.valueOf(p), null))
                  .collect(Collectors.joining(", "))
              : String.valueOf(value);
      case BOOLEAN -> Boolean.TRUE.equals(value) ? "yes" : "no";
      case INTEGER, NUMBER -> scalar(value);
      // A name such as an analysis's id (located_by: trend_anomaly) reads as words.
      case STRING ->
          String.valueOf(value).matches("[a-z0-9]+(_[a-z0-9]+)+")
              ? choices.labels().analysisInText(String.valueOf(value))
              : scalar(value);
    };
  }

  private static String scalar(Object value) {
    return value instanceof Map<?, ?> || value instanceof Collection<?>
        ? ""
        : String.valueOf(value);
  }

  private static String names(Object value, ArgForms.Choices choices) {
    List<String> names = new ArrayList<>();
    if (value instanceof Collection<?> c) {
      c.forEach(v -> names.add(String.valueOf(v)));
    } else if (!(value instanceof Map<?, ?>)) {
      names.add(String.valueOf(value));
    }
    return names.stream().map(choices::word).collect(Collectors.joining(", "));
  }

  private static String filters(Object value, ArgForms.Choices choices) {
    if (!(value instanceof Collection<?> list) || list.isEmpty()) {
      return "";
    }
    StepWords words = new StepWords(choices.labels());
    return list.stream().map(words::filter).collect(Collectors.joining(" and "));
  }

  /** A composed query's conditions and period: what it keeps, not its whole shape. */
  private static String pick(Object value, ArgForms.Choices choices) {
    if (!(value instanceof Map<?, ?> pick)) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    String kept = filters(pick.get("filters"), choices);
    if (!kept.isEmpty()) {
      parts.add("rows where " + kept);
    }
    String period = StepWords.during(pick.get("time"));
    if (!period.isEmpty()) {
      parts.add(period);
    }
    return String.join(", ", parts);
  }
}
