package io.assay.analyses.forecast;

import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.List;

/**
 * A forecast's step args, as a plan carries them (absent ones null; the schema's defaults apply
 * when it runs), in the order the planner writes them.
 */
public record ForecastPlanArgs(
    String metric, TimeFilter time, List<Filter> filters, String grain, Integer horizon)
    implements StepArgs {}
