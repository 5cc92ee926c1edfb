package io.assay.understand.rules;

import io.assay.pick.Filter;
import io.assay.pick.Projection;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.Set;

/**
 * "disponents of accounts in the north Bohemia region": a place written after rows the measured
 * rows belong to directly (the accounts') is not the place reached by the dataset's path (the
 * disponents' own clients'). The query can only follow that one path, so when the rows named lie
 * off it the reader says so instead of answering for the other rows' place.
 */
final class ValueOfTheNamedRows implements Rule {

  private static final Set<String> LINKS = Set.of("in", "from", "at", "of");

  @Override
  public void apply(Draft d) {
    String measured = measuredTable(d);
    if (measured == null) {
      return;
    }
    for (Filter f : d.filters) {
      Integer at = d.filterPosition.get(f);
      if (f.column() == null || at == null) {
        continue;
      }
      String valueTable = f.column().table();
      Mention rows = rowsBefore(d, at);
      if (rows == null) {
        continue;
      }
      String named = rows.one(Target.Table.class).table();
      if (named.equals(measured) || named.equals(valueTable)) {
        continue;
      }
      boolean onPath =
          d.recon
              .joins()
              .path(measured, valueTable)
              .map(p -> p.tables().contains(named))
              .orElse(true);
      // only rows the measured rows belong to directly ("disponents of accounts"); a place of
      // rows further away ("loans of clients from Brno") is read along the dataset's own path
      boolean owner =
          d.recon.joins().path(measured, named).map(p -> p.steps().size() == 1).orElse(false);
      if (!onPath && owner && d.recon.joins().path(named, valueTable).isPresent()) {
        int end = at;
        for (Mention v : d.scan.mentions) {
          if (v.first() == at) {
            end = Math.max(end, v.last());
          }
        }
        d.problem(
            "'"
                + d.scan.words(rows.first(), end)
                + "': the "
                + valueTable
                + " of the "
                + named
                + " rows, which the "
                + measured
                + " rows do not reach through them");
      }
    }
  }

  /** The one table whose rows the answer measures or lists, or null. */
  private static String measuredTable(Draft d) {
    if (d.measure != null) {
      return d.schema.measureTable(d.measure);
    }
    if (!d.select.isEmpty() && d.select.get(0) instanceof Projection.Column c) {
      return c.column().table();
    }
    return null;
  }

  /**
   * The phrase naming only a table right before "in"/"from" (and "the") before token {@code at}.
   */
  private static Mention rowsBefore(Draft d, int at) {
    int k = at - 1;
    if (k >= 0 && d.scan.tokens.get(k).norm().equals("the")) {
      k--;
    }
    if (k < 1 || !LINKS.contains(d.scan.tokens.get(k).norm())) {
      return null;
    }
    int end = k - 1;
    for (Mention m : d.scan.mentions) {
      if (m.last() == end && m.all(Target.Table.class).size() == 1 && !m.has(Target.Value.class)) {
        return m;
      }
    }
    return null;
  }
}
