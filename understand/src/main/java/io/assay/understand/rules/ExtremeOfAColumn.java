package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.understand.Mention;
import java.util.List;
import java.util.Locale;

/**
 * "What is the highest loan amount?", "what was the earliest payment date in May?": a superlative
 * on a column, with nothing listed and no other rows named, asks for that column's maximum or
 * minimum. Any other phrase of rows left unread means the question is about something else (whose
 * highest amount?), and the reading is left to fail as before.
 */
final class ExtremeOfAColumn {

  private ExtremeOfAColumn() {}

  static boolean apply(Draft d) {
    if (d.rankings.size() != 1
        || !d.problems.isEmpty()
        || !d.analyses.isEmpty()
        || d.grain != null
        || d.measure != null) {
      return false;
    }
    Ranking r = d.rankings.get(0);
    if (r.column() == null || r.measure() != null || r.top() != null || r.rank() != 1) {
      return false;
    }
    for (Mention m : d.scan.mentions) {
      if (!d.isUsed(m)) {
        return false;
      }
    }
    Aggregation fn = r.direction() == Direction.DESC ? Aggregation.MAX : Aggregation.MIN;
    d.measure =
        new Measure.Aggregate(
            fn,
            r.column(),
            List.of(),
            fn.name().toLowerCase(Locale.ROOT) + "_" + r.column().column());
    d.form = Form.AGGREGATE;
    d.rankings.clear();
    d.note("'" + r.text() + "' → " + Describe.measure(d.measure));
    return true;
  }
}
