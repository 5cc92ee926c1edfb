package io.assay.web.ui;

import io.assay.report.words.Periods;
import io.assay.report.words.StepWords;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Locale;
import java.util.Map;

/**
 * The days a metric has data for (its time column's first and last day, from recon). A period a
 * form asks for that holds none of these days would run, find no rows and say nothing useful, so
 * the form refuses it and says where the data is. A period that only partly overlaps is allowed:
 * "from 1996 on" past the data's end is a fair question.
 */
record DataWindow(LocalDate first, LocalDate last) {

  /** The smallest window holding both. */
  DataWindow span(DataWindow other) {
    return new DataWindow(
        first.isBefore(other.first) ? first : other.first,
        last.isAfter(other.last) ? last : other.last);
  }

  /**
   * Why {@code time} (a Pick time filter as its JSON map) cannot be asked of this data, or null
   * when it can (or when its days depend on the data, as "the last 3 months" do).
   */
  String problem(String label, Object time) {
    if (!(time instanceof Map<?, ?> t)) {
      return null;
    }
    LocalDate from;
    LocalDate to;
    try {
      int year = t.get("year") instanceof Number n ? n.intValue() : 0;
      switch (String.valueOf(t.get("kind")).toLowerCase(Locale.ROOT)) {
        case "year" -> {
          from = LocalDate.of(year, 1, 1);
          to = LocalDate.of(year, 12, 31);
        }
        case "quarter" -> {
          int q = ((Number) t.get("quarter")).intValue();
          from = LocalDate.of(year, 3 * q - 2, 1);
          to = YearMonth.of(year, 3 * q).atEndOfMonth();
        }
        case "month" -> {
          YearMonth m = YearMonth.of(year, ((Number) t.get("month")).intValue());
          from = m.atDay(1);
          to = m.atEndOfMonth();
        }
        case "week" -> {
          from = LocalDate.parse(String.valueOf(t.get("from")));
          to = from.plusDays(6);
        }
        case "range" -> {
          from = t.get("from") == null ? null : LocalDate.parse(String.valueOf(t.get("from")));
          to = t.get("to") == null ? null : LocalDate.parse(String.valueOf(t.get("to")));
        }
        default -> {
          return null;
        }
      }
    } catch (RuntimeException e) {
      // A malformed period is the argument checks' to refuse, with their own message.
      return null;
    }
    boolean before = to != null && to.isBefore(first);
    boolean after = from != null && from.isAfter(last);
    if (!before && !after) {
      return null;
    }
    return label
        + ": "
        + StepWords.time(time)
        + " is "
        + (before ? "before" : "after")
        + " the data, which runs from "
        + Periods.show(first.toString(), null)
        + " to "
        + Periods.show(last.toString(), null)
        + ". Choose a period within it.";
  }
}
