package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Mention;
import io.assay.understand.Target;

/** "which districts stand out": the entities outliers are sought among. */
final class OutlierEntity implements Rule {

  @Override
  public void apply(Draft d) {
    if (!d.analyses.contains(AnalysisCue.OUTLIERS) || !d.groupBy.isEmpty()) {
      return;
    }
    for (Item it : d.items) {
      if (it.what() instanceof Mention m
          && !d.isUsed(m)
          && d.schema.namesOnlyATable(m)
          && (d.measure == null || !m.has(Target.Metric.class))) {
        ColumnRef col = d.schema.groupColumn(m);
        if (col != null) {
          d.groupBy.add(col);
          d.use(m);
          d.note("'" + m.text() + "' → outliers among " + col);
          return;
        }
      }
    }
  }
}
