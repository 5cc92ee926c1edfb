package io.assay.analyses.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.List;

/**
 * A period comparison's step args, as a plan carries them (absent ones null; the schema's defaults
 * apply when it runs), in the order the planner writes them.
 */
public record ComparePlanArgs(
    String metric,
    TimeFilter baseline,
    TimeFilter current,
    List<Filter> filters,
    @JsonProperty("group_by") String groupBy,
    Integer top)
    implements StepArgs {}
