package io.assay.understand.rules;

import io.assay.pick.Projection;
import io.assay.understand.Cue;
import java.util.Locale;

/**
 * "When was …", "when did …" ask for a date: an answer that lists anything else (the client's id
 * for "when was the client born") or computes a figure answers another question, so the reader says
 * it did not find the date rather than answer it.
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
    boolean dates =
        d.form == Form.LISTING
            && d.measure == null
            && !d.select.isEmpty()
            && d.select.stream()
                .allMatch(p -> p instanceof Projection.Column c && d.schema.isTemporal(c.column()));
    if (!dates) {
      d.problem("'" + when.text() + "' asks for a date, and the question names none to show");
    }
  }
}
