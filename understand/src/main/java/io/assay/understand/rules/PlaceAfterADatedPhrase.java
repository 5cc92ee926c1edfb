package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.recon.joins.JoinPath;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;

/**
 * "the owners of accounts opened in 1993 in Prachatice": a place right after the date of other rows
 * than those asked about may be where those rows are (the accounts' district) or where the rows
 * asked about are (the clients' district), and the answer would take the second whenever the rows
 * asked about reach the place without the dated rows. The reader says so rather than answer for the
 * wrong place.
 */
final class PlaceAfterADatedPhrase implements Rule {

  @Override
  public void apply(Draft d) {
    String asked = d.schema.answeredTable();
    if (asked == null) {
      return;
    }
    for (Filter dated : d.attachedTime.keySet()) {
      if (!d.filters.contains(dated) || dated.column() == null) {
        continue;
      }
      String rows = dated.column().table();
      int k = timeItemAt(d, d.filterPosition.getOrDefault(dated, -1));
      if (rows.equals(asked) || k < 0 || !(d.at(k + 1) instanceof Mention place)) {
        continue;
      }
      for (Filter f : d.filters) {
        ColumnRef c = f.column();
        if (c == null
            || d.filterPosition.getOrDefault(f, -1) != place.first()
            || !place.has(Target.Value.class)
            || c.table().equals(asked)
            || d.schema.foreignKey(rows, c.table()) == null
            || throughTheDatedRows(d, asked, c.table(), rows)) {
          continue;
        }
        d.problem(
            "'"
                + place.text()
                + "' may be where the "
                + rows
                + " rows are or where the "
                + asked
                + " rows are; name which (for example '"
                + rows
                + " in "
                + place.text()
                + "' before the date)");
        return;
      }
    }
  }

  /** The index of the time item that starts at token {@code first}, or -1. */
  private static int timeItemAt(Draft d, int first) {
    for (int i = 0; i < d.items.size(); i++) {
      if (d.at(i) instanceof Scan.Time t && t.first() == first) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the way from the asked rows to the place passes through the dated rows. */
  private static boolean throughTheDatedRows(Draft d, String asked, String place, String rows) {
    JoinPath path = d.recon.joins().path(asked, place).orElse(null);
    return path == null || path.steps().stream().anyMatch(s -> s.toTable().equals(rows));
  }
}
