package io.assay.analyses.rca;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.List;

/**
 * A multi-dimensional root-cause search's step args, as a plan carries them (absent ones null; the
 * schema's defaults apply when it runs), in the order the planner writes them.
 */
public record RcaPlanArgs(
    String metric,
    TimeFilter time,
    List<Filter> filters,
    List<String> dimensions,
    String grain,
    @JsonProperty("located_by") String locatedBy,
    TimeFilter actual,
    TimeFilter baseline,
    @JsonProperty("share_periods") Integer sharePeriods,
    @JsonProperty("max_elements") Integer maxElements,
    Double threshold,
    @JsonProperty("min_leaf_share") Double minLeafShare)
    implements StepArgs {

  /** The args the planner gives; {@code locatedBy} names the earlier scan, or is null. */
  public static RcaPlanArgs of(
      String metric,
      TimeFilter time,
      List<Filter> filters,
      List<String> dimensions,
      String grain,
      String locatedBy) {
    return new RcaPlanArgs(
        metric, time, filters, dimensions, grain, locatedBy, null, null, null, null, null, null);
  }
}
