package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * A number computed over the Pick's rows (per group when the Pick groups). Leaves are a named
 * {@link Metric} from recon or an ad-hoc {@link Aggregate} of a column; derived measures combine
 * them. Every measure is an output column named by {@code alias} (a default name is derived when it
 * is null). JSON carries the variant in {@code "kind"}: metric, aggregate, ratio, difference,
 * share_of_total, growth, over_groups.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Measure.Metric.class, name = "metric"),
  @JsonSubTypes.Type(value = Measure.Aggregate.class, name = "aggregate"),
  @JsonSubTypes.Type(value = Measure.Ratio.class, name = "ratio"),
  @JsonSubTypes.Type(value = Measure.Difference.class, name = "difference"),
  @JsonSubTypes.Type(value = Measure.ShareOfTotal.class, name = "share_of_total"),
  @JsonSubTypes.Type(value = Measure.Growth.class, name = "growth"),
  @JsonSubTypes.Type(value = Measure.OverGroups.class, name = "over_groups")
})
public sealed interface Measure {

  /** Output column name, or null for the default. */
  String alias();

  /**
   * A metric defined in recon ({@code metrics.yaml}), e.g. {@code cash_withdrawal_amount}. {@code
   * filters} restrict only this measure (SQL {@code FILTER (WHERE …)}), e.g. the "status C" part of
   * "share of loans in status C".
   */
  record Metric(String metric, List<Filter> filters, String alias) implements Measure {
    public Metric {
      filters = filters == null ? List.of() : List.copyOf(filters);
    }
  }

  /** {@code fn(column)}, optionally restricted by {@code filters} like {@link Metric}. */
  record Aggregate(Aggregation fn, ColumnRef column, List<Filter> filters, String alias)
      implements Measure {
    public Aggregate {
      filters = filters == null ? List.of() : List.copyOf(filters);
    }
  }

  /**
   * {@code numerator / denominator} as a floating-point number (× 100 when {@code percent}); null
   * when the denominator is 0.
   */
  record Ratio(Measure numerator, Measure denominator, boolean percent, String alias)
      implements Measure {}

  /** {@code left − right}. */
  record Difference(Measure left, Measure right, String alias) implements Measure {}

  /**
   * Each group's share of the total over all groups, in percent: {@code of × 100 / sum of of over
   * every group} (before limit/offset).
   */
  record ShareOfTotal(Measure of, String alias) implements Measure {}

  /**
   * Percent change of {@code of} between two periods of the Pick's time column: {@code (of[to] −
   * of[from]) × 100 / of[from]}; null when {@code of[from]} is 0. Rows outside both periods are not
   * read.
   */
  record Growth(Measure of, TimeFilter from, TimeFilter to, String alias) implements Measure {}

  /**
   * {@code fn} over the values {@code of} takes per group of the {@code per} columns: an aggregate
   * of per-entity aggregates. "average number of loans per client" is {@code fn=avg, of=loan count,
   * per=[client.client_id]}; "the largest total spend of any buyer" is {@code fn=max, of=sum of
   * amount, per=[buyer.buyer_key]}. Groups without rows of {@code of} are not counted (an average
   * over the clients that have loans; "the average card spending of an account" is over the
   * accounts with card payments, since the metric's own filters select the rows grouped). The
   * Pick's filters, time and groupBy apply to the rows before they are grouped, and its groupBy and
   * grain split the result as usual. In one Pick every measure is an over_groups with the same
   * {@code per}, and their {@code of}s count the same rows (the same own filters).
   */
  record OverGroups(Aggregation fn, Measure of, List<ColumnRef> per, String alias)
      implements Measure {
    public OverGroups {
      per = per == null ? List.of() : List.copyOf(per);
    }
  }

  static Measure metric(String name) {
    return new Metric(name, List.of(), null);
  }

  static Measure aggregate(Aggregation fn, String column) {
    return new Aggregate(fn, ColumnRef.of(column), List.of(), null);
  }
}
