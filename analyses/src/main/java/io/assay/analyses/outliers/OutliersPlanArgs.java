package io.assay.analyses.outliers;

import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.List;

/**
 * An outlier search's step args, as a plan carries them (absent ones null; the schema's defaults
 * apply when it runs), in the order the planner writes them.
 */
public record OutliersPlanArgs(
    String metric,
    TimeFilter time,
    List<Filter> filters,
    String entity,
    Double threshold,
    String direction,
    Integer limit)
    implements StepArgs {

  /** The args the planner gives: the metric per entity over the asked scope. */
  public static OutliersPlanArgs of(
      String metric, TimeFilter time, List<Filter> filters, String entity) {
    return new OutliersPlanArgs(metric, time, filters, entity, null, null, null);
  }
}
