package io.assay.analyses.drill;

import io.assay.analyses.Asked;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.rca.MultiDimensionalRca;
import io.assay.analyses.rca.RcaPlanArgs;
import io.assay.analyses.trend.TrendAnomaly;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;
import io.assay.pick.ColumnRef;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A drill-down over the question's groups or recon's candidate dimensions; after a trend scan it
 * explains the interval the scan located (visible and editable in the plan). With two dimensions or
 * more, a search of their combinations is its fallback.
 */
final class DrillPlanning {
  private DrillPlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(
          30, "the question asks to drill down into what changed", DrillPlanning::step);

  private static PlanStep step(Asked asked) {
    String metric = asked.metric();
    requireAdditive(asked.recon(), metric);
    List<ColumnRef> dims =
        asked.groupBy().isEmpty()
            ? DrillDimensions.candidates(asked.recon(), metric, asked.filters())
            : asked.groupBy();
    if (dims.isEmpty()) {
      throw new PlanningException("no dimension to drill " + metric + " down by");
    }
    boolean located = asked.planned(TrendAnomaly.NAME);
    PlanStep fallback = null;
    if (dims.size() >= 2) {
      fallback =
          new PlanStep(
              MultiDimensionalRca.NAME,
              RcaPlanArgs.of(
                  asked.metric(),
                  asked.time(),
                  asked.filtersArg(),
                  names(dims.stream().limit(5).toList()),
                  asked.grainArg(),
                  located ? TrendAnomaly.NAME : null),
              "when no single dimension explains the change, search combinations of them",
              null);
    }
    return new PlanStep(
        DrillDown.NAME,
        DrillPlanArgs.of(
            asked.metric(),
            asked.time(),
            asked.filtersArg(),
            names(dims),
            asked.grainArg(),
            located ? TrendAnomaly.NAME : null),
        "find which "
            + dims.stream().map(ColumnRef::toString).collect(Collectors.joining(", "))
            + " explain the most unusual period of "
            + metric,
        fallback);
  }

  private static List<String> names(List<ColumnRef> dims) {
    return dims.stream().map(ColumnRef::toString).toList();
  }

  private static void requireAdditive(Recon r, String metric) {
    MetricDefinition m = r.metric(metric).orElseThrow();
    if (!MetricTraits.additive(m)) {
      throw new PlanningException(
          DrillDown.NAME
              + " splits a total into parts, so it needs a sum or a count; "
              + metric
              + " is not one ("
              + m.description()
              + ")");
    }
  }
}
