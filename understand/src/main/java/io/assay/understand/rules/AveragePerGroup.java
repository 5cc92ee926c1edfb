package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import java.util.List;

/**
 * "the average number of loans per client", "how many clients does a district have on average": a
 * count per group averaged over the groups, not a count for each group. Only counts: "the average
 * loan amount per district" is an average for each district, a grouping as before; "the total loan
 * amount per district on average", "how much does each district lend in total, on average" is a
 * total per group averaged over the groups.
 */
final class AveragePerGroup implements Rule {

  @Override
  public void apply(Draft d) {
    Cue avg = d.firstCue(Kind.AVG);
    if (avg == null || d.measure == null || d.groupBy.isEmpty() || d.grain != null) {
      return;
    }
    boolean counts =
        d.measure instanceof Measure.Metric x
                && x.filters().isEmpty()
                && d.schema.isCount(x.metric())
            || d.measure instanceof Measure.Aggregate a
                && (a.fn() == Aggregation.COUNT || a.fn() == Aggregation.COUNT_DISTINCT);
    List<Cue> totals = totalWords(d);
    if (!counts && (totals.isEmpty() || !sums(d))) {
      return;
    }
    ColumnRef per = perEntity(d);
    if (per == null) {
      return;
    }
    d.use(avg);
    totals.forEach(d::use);
    Measure of = d.measure;
    d.measure = new Measure.OverGroups(Aggregation.AVG, of, List.of(per), "average_per_group");
    d.groupBy.clear();
    d.note("'" + avg.text() + "' → average over " + per + " of " + Describe.measure(of));
  }

  /**
   * What one group is: a group named by its entity ("per district", "per customer" by first and
   * last name) is each row of it, not each distinct name; any other single column is itself.
   */
  private static ColumnRef perEntity(Draft d) {
    ColumnRef group = d.groupBy.get(0);
    if (d.groupBy.size() > 1) {
      return d.groupBy.equals(d.schema.labelColumns(group.table()))
          ? d.schema.primaryKeyOrNull(group.table())
          : null;
    }
    return group.equals(d.schema.labelColumn(group.table()))
        ? d.schema.primaryKey(group.table())
        : group;
  }

  /** A total the measure adds up: a sum metric or a sum of a column. */
  private static boolean sums(Draft d) {
    return d.measure instanceof Measure.Metric x
            && x.filters().isEmpty()
            && d.schema.metricAggregation(x.metric()) == Aggregation.SUM
        || d.measure instanceof Measure.Aggregate a && a.fn() == Aggregation.SUM;
  }

  /**
   * "how much … in total", "the total … on average": words that say the amount is added up per
   * group before the average, so a total per group is averaged over the groups. Without one, "the
   * loan amount per district on average" stays ambiguous and keeps its grouping.
   */
  private static List<Cue> totalWords(Draft d) {
    return d.items.stream()
        .map(Item::what)
        .filter(w -> w instanceof Cue c && c.kind() == Kind.SUM)
        .map(w -> (Cue) w)
        .toList();
  }
}
