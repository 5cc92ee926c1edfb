package io.assay.understand.rules;

import io.assay.understand.Cue;
import io.assay.understand.Mention;
import java.util.Locale;
import java.util.Set;

/**
 * "List the female clients who have loans": "who" after the list word opens a relative clause about
 * the rows already named; it does not start the list again. When the only thing a listing could
 * start at follows such a relative word, the rows listed would be the clause's (the loans), so the
 * reading stops with a problem instead of listing the wrong rows.
 */
final class ListAfterRelative implements Rule {

  private static final Set<String> RELATIVES = Set.of("who", "which", "that", "whose", "whom");

  @Override
  public void apply(Draft d) {
    if (d.form != Form.LISTING) {
      return;
    }
    int start = AnswerForm.listingStart(d);
    if (start < 0 || !(d.at(start) instanceof Mention listed)) {
      return;
    }
    Cue opening = null;
    int at = -1;
    for (int k = start - 1; k >= 0; k--) {
      if (d.at(k) instanceof Cue c && c.kind() == Cue.Kind.LIST) {
        opening = c;
        at = k;
        break;
      }
    }
    if (opening == null || !RELATIVES.contains(opening.text().toLowerCase(Locale.ROOT))) {
      return;
    }
    int first = opening.first();
    if (first > 0
        && d.scan
            .question
            .substring(d.scan.tokens.get(first - 1).end(), d.scan.tokens.get(first).start())
            .matches("(?s).*[,;:.!?].*")) {
      return; // "For the client born in 1976, which district …": a new question after the comma
    }
    for (int k = at - 1; k >= 0; k--) {
      if (d.at(k) instanceof Cue c
          && c.kind() == Cue.Kind.LIST
          && (c.first() == 0 || !RELATIVES.contains(c.text().toLowerCase(Locale.ROOT)))) {
        d.problem(
            "'"
                + opening.text()
                + " … "
                + listed.text()
                + "' is a clause about rows named before it, not what is listed");
        return;
      }
    }
  }
}
