package io.assay.analyses.trend;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.List;

/**
 * A trend scan's step args, as a plan carries them (absent ones null; the schema's defaults apply
 * when it runs). Components come in the order the planner writes them, so its payloads keep their
 * key order; {@code grain} stays the word the JSON holds ("month").
 */
public record TrendPlanArgs(
    String metric,
    TimeFilter time,
    List<Filter> filters,
    String grain,
    @JsonProperty("history_periods") Integer historyPeriods,
    @JsonProperty("drop_weight") Double dropWeight,
    @JsonProperty("rise_weight") Double riseWeight,
    String detector,
    Double threshold,
    @JsonProperty("expected_periods") List<String> expectedPeriods)
    implements StepArgs {

  /** The args the planner gives: the metric over a window at a grain. */
  public static TrendPlanArgs of(
      String metric, TimeFilter time, List<Filter> filters, String grain) {
    return new TrendPlanArgs(metric, time, filters, grain, null, null, null, null, null, null);
  }
}
