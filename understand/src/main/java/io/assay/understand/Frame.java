package io.assay.understand;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import java.util.List;

/**
 * The parts of an understood question a planner builds analysis steps from: the metric (when the
 * measure is a named metric), its time scope and grain, the row filters and groupings, and every
 * period the question named (for comparisons).
 *
 * @param metric the metric name, or null when the measure is not a named metric
 * @param metrics every metric named, in order (two or more for a correlation)
 * @param time the time scope, or null for all data
 * @param grain the time grain asked for ("monthly"), or null
 * @param horizon how many periods ahead a forecast is asked for ("the next 6 months"), or null
 */
public record Frame(
    String metric,
    List<String> metrics,
    TimeFilter time,
    ColumnRef timeColumn,
    TimeGrain grain,
    List<Filter> filters,
    List<ColumnRef> groupBy,
    List<Period> periods,
    Integer horizon) {

  public Frame {
    metrics = metrics == null ? List.of() : List.copyOf(metrics);
    filters = filters == null ? List.of() : List.copyOf(filters);
    groupBy = groupBy == null ? List.of() : List.copyOf(groupBy);
    periods = periods == null ? List.of() : List.copyOf(periods);
  }
}
