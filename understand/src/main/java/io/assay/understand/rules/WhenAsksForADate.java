package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Projection;
import io.assay.understand.Cue;
import java.util.Locale;

/**
 * "When was …", "when did …" ask for a date: an answer that lists anything else (the client's id
 * for "when was the client born") or computes a figure answers another question, so the reader says
 * it did not find the date rather than answer it. The earliest or latest of a date is a date; and
 * rows of one table listed by their date ("when was the latest loan granted") show that date.
 */
final class WhenAsksForADate implements Rule {

  @Override
  public void apply(Draft d) {
    Cue when =
        d.scan.cues.stream()
            .filter(c -> c.kind() == Cue.Kind.LIST)
            .filter(c -> c.text().toLowerCase(Locale.ROOT).startsWith("when "))
            .findFirst()
            .orElse(null);
    if (when == null) {
      return;
    }
    if (d.form == Form.LISTING && d.measure == null) {
      showTheRankingDate(d);
    }
    boolean dates =
        d.form == Form.LISTING
                && d.measure == null
                && !d.select.isEmpty()
                && d.select.stream()
                    .allMatch(
                        p -> p instanceof Projection.Column c && d.schema.isTemporal(c.column()))
            || d.measure instanceof Measure.Aggregate a
                && (a.fn() == Aggregation.MIN || a.fn() == Aggregation.MAX)
                && d.schema.isTemporal(a.column());
    if (!dates) {
      d.problem("'" + when.text() + "' asks for a date, and the question names none to show");
    }
  }

  /**
   * "When was the latest loan granted": one row listed by its own date — the date is the answer,
   * not the row's key.
   */
  private static void showTheRankingDate(Draft d) {
    if (d.listingOrder.size() != 1
        || !(d.listingOrder.get(0) instanceof Order.ByColumn by)
        || !d.schema.isTemporal(by.column())
        || d.select.isEmpty()) {
      return;
    }
    ColumnRef date = by.column();
    boolean ofTheRankedRows =
        d.select.stream()
            .allMatch(
                p -> p instanceof Projection.Column c && c.column().table().equals(date.table()));
    if (ofTheRankedRows) {
      d.select.clear();
      d.select.add(new Projection.Column(date, null));
      d.note("'when' → show " + date);
    }
  }
}
