package io.assay.analyses;

import io.assay.contract.plan.PlanStep;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.Recon;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * What a question asks, as a planner entry builds its step from it: the understood Pick (for a
 * direct answer), the metric and every metric named, the time scope and grain (month when none was
 * asked), the filters and groupings, the periods named, the forecast horizon, and the steps planned
 * before this one.
 *
 * @param metric the metric name, or null when the measure is not a named metric
 * @param horizon how many periods ahead a forecast is asked for, or null
 */
public record Asked(
    Recon recon,
    Pick pick,
    String metric,
    List<String> metrics,
    TimeFilter time,
    TimeGrain grain,
    List<Filter> filters,
    List<ColumnRef> groupBy,
    List<Span> periods,
    Integer horizon,
    List<PlanStep> earlier) {

  /**
   * A period the question names ("1997"): where it starts, its time filter, how it reads, and the
   * period of the same grain before it (null inside that one).
   */
  public record Span(LocalDate from, TimeFilter time, String text, Span before) {
    @Override
    public String toString() {
      return text;
    }
  }

  public Asked {
    metrics = List.copyOf(metrics);
    filters = List.copyOf(filters);
    groupBy = List.copyOf(groupBy);
    periods = List.copyOf(periods);
    earlier = List.copyOf(earlier);
  }

  /** The same question with {@code steps} planned before the next one. */
  public Asked after(List<PlanStep> steps) {
    return new Asked(
        recon, pick, metric, metrics, time, grain, filters, groupBy, periods, horizon, steps);
  }

  /** Whether a step of {@code analysis} is planned before this one. */
  public boolean planned(String analysis) {
    return earlier.stream().anyMatch(p -> p.analysis().equals(analysis));
  }

  /**
   * The filters as a step's {@code filters} arg: null when there are none, so that a planned step
   * leaves the arg out rather than giving an empty list.
   */
  public List<Filter> filtersArg() {
    return filters.isEmpty() ? null : filters;
  }

  /** The grain as a step's {@code grain} arg: the word its JSON holds ("month"). */
  public String grainArg() {
    return grain.name().toLowerCase(Locale.ROOT);
  }
}
