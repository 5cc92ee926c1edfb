package io.assay.understand.rules;

import io.assay.pick.Filter;
import java.util.ArrayList;
import java.util.List;

/**
 * "loans above the average amount in 1997": the average a row is compared with is taken over the
 * same time scope as the question, when the scope is on the compared column's table.
 */
final class AverageComparisonScope implements Rule {

  @Override
  public void apply(Draft d) {
    for (Filter.VsAggregate avg : d.pendingAverages) {
      List<Filter> scope = new ArrayList<>();
      if (d.time != null
          && d.timeColumn != null
          && d.timeColumn.table().equals(avg.column().table())) {
        scope.add(TimeFilters.asFilter(d.timeColumn, d.time));
      }
      Filter.VsAggregate f = new Filter.VsAggregate(avg.column(), avg.op(), avg.fn(), null, scope);
      d.filters.set(d.filters.indexOf(avg), f);
    }
  }
}
