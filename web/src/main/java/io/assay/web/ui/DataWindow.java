package io.assay.web.ui;

import io.assay.pick.PickJson;
import io.assay.pick.TimeFilter;
import io.assay.report.words.Periods;
import io.assay.report.words.StepWords;
import java.time.LocalDate;
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
    if (!(time instanceof Map<?, ?>)) {
      return null;
    }
    LocalDate from;
    LocalDate to;
    try {
      TimeFilter filter = PickJson.mapper().convertValue(time, TimeFilter.class);
      if (filter instanceof TimeFilter.Relative) {
        return null;
      }
      if (filter instanceof TimeFilter.Range r) {
        // Either end may be open: only the given ones are judged.
        from = r.from();
        to = r.to();
      } else if (filter instanceof TimeFilter.Week w) {
        from = w.from();
        to = w.from().plusDays(6);
      } else {
        // A year, quarter or month: its days as the analyses resolve them.
        io.assay.analyses.support.Periods.Range days =
            io.assay.analyses.support.Periods.resolve(filter, null);
        from = days.from();
        to = days.to();
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
