package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * "What is the highest loan amount?", "what was the earliest payment date in May?": a superlative
 * on a column, with nothing listed and no other rows named, asks for that column's maximum or
 * minimum ("… in each region": per group, when a grouping word names them). Any other phrase of
 * rows left unread means the question is about something else (whose highest amount?), and the
 * reading is left to fail as before.
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
    ColumnRef column = r.column() != null && r.measure() == null ? r.column() : rowAmount(d, r);
    // "the three most recent loans" lists three loans; only one row's value is an extreme
    if (column == null || r.top() != null || r.rank() != 1 || d.listCount != null) {
      return false;
    }
    List<Mention> owners = new ArrayList<>();
    for (Mention m : d.scan.mentions) {
      if (d.isUsed(m)) {
        continue;
      }
      if (m.first() > r.position()
          && d.schema.namesOnlyATable(m)
          && m.one(Target.Table.class).table().equals(column.table())) {
        owners.add(m); // "the highest amount of a payment": the rows the column belongs to
        continue;
      }
      if (m.first() > r.position() + 1 && restrictedByAClause(d, d.indexOf(m))) {
        // "the biggest amount of transaction that the client whose card … made": a clause right
        // after rows named after the ranked ones says which of them, a condition the other rules
        // read, not whose extreme ("the first client who …" asks for the client)
        owners.add(m);
        continue;
      }
      if (d.at(d.indexOf(m) - 1) instanceof Cue g && g.kind() == Kind.GROUP && !d.isUsed(g)) {
        continue; // "the highest loan amount in each region": the groups, split by later
      }
      return false;
    }
    owners.forEach(d::use);
    Aggregation fn = r.direction() == Direction.DESC ? Aggregation.MAX : Aggregation.MIN;
    d.measure =
        new Measure.Aggregate(
            fn, column, List.of(), fn.name().toLowerCase(Locale.ROOT) + "_" + column.column());
    d.form = Form.AGGREGATE;
    d.rankings.clear();
    d.note("'" + r.text() + "' → " + Describe.measure(d.measure));
    return true;
  }

  /**
   * Whether a relative clause right after the rows at item {@code k} was read whole: it has phrases
   * or dates, and every one of them is already a condition.
   */
  private static boolean restrictedByAClause(Draft d, int k) {
    if (!(d.at(k + 1) instanceof Cue rel) || !Groupings.isRelative(rel)) {
      return false;
    }
    int read = 0;
    for (int i = k + 2; i < d.items.size(); i++) {
      Object w = d.at(i);
      if (w instanceof Mention || w instanceof Scan.Time) {
        if (!d.isUsed(w)) {
          return false;
        }
        read++;
      }
    }
    return read > 0;
  }

  /**
   * "the highest amount of a loan", "the biggest amount of transaction": a superlative on a metric
   * that sums one column, its phrase naming that column's own word ("amount") and no total, ranks
   * single rows by that column; with nothing grouped, a highest total is no question. A metric with
   * filters of its own, or a phrase saying "total", "sum" or "volume", is not read so.
   */
  private static ColumnRef rowAmount(Draft d, Ranking r) {
    if (r.column() != null || !(r.measure() instanceof Measure.Metric m)) {
      return null;
    }
    if (!(d.recon.metric(m.metric()).orElse(null) instanceof MetricDefinition.Aggregate a)
        || a.aggregation() != Aggregation.SUM
        || !a.filters().isEmpty()) {
      return null;
    }
    List<String> words = List.of(r.text().toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_]+"));
    boolean namesTheColumn = words.contains(a.column().column().toLowerCase(Locale.ROOT));
    boolean namesATotal = words.stream().anyMatch(TOTAL_WORDS::contains);
    return namesTheColumn && !namesATotal ? a.column() : null;
  }

  private static final Set<String> TOTAL_WORDS = Set.of("total", "sum", "volume", "overall");
}
