package io.assay.analyses.correlate;

import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.List;

/**
 * A correlation's step args, as a plan carries them (absent ones null; the schema's defaults apply
 * when it runs), in the order the planner writes them.
 */
public record CorrelatePlanArgs(
    List<String> metrics, String grain, TimeFilter time, List<Filter> filters)
    implements StepArgs {}
