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
 * loan amount per district" is an average for each district, a grouping as before.
 */
final class AveragePerGroup implements Rule {

  @Override
  public void apply(Draft d) {
    Cue avg = d.firstCue(Kind.AVG);
    if (avg == null || d.measure == null || d.groupBy.size() != 1 || d.grain != null) {
      return;
    }
    boolean counts =
        d.measure instanceof Measure.Metric x
                && x.filters().isEmpty()
                && d.schema.isCount(x.metric())
            || d.measure instanceof Measure.Aggregate a
                && (a.fn() == Aggregation.COUNT || a.fn() == Aggregation.COUNT_DISTINCT);
    if (!counts) {
      return;
    }
    ColumnRef group = d.groupBy.get(0);
    // a group named by its entity ("per district") is each row of it, not each distinct name
    ColumnRef per =
        group.equals(d.schema.labelColumn(group.table()))
            ? d.schema.primaryKey(group.table())
            : group;
    if (per == null) {
      return;
    }
    d.use(avg);
    Measure of = d.measure;
    d.measure = new Measure.OverGroups(Aggregation.AVG, of, List.of(per), "average_per_group");
    d.groupBy.clear();
    d.note("'" + avg.text() + "' → average over " + per + " of " + Describe.measure(of));
  }
}
