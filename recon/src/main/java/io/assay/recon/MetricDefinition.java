package io.assay.recon;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import java.util.List;

/**
 * A business metric from {@code metrics.yaml}: a typed definition, never SQL. Three kinds: an
 * {@link Aggregate} of one column, a {@link Ratio} of two metrics, a {@link Share} (part of a
 * metric matching a condition, in percent).
 */
public sealed interface MetricDefinition {

  String name();

  String description();

  List<String> synonyms();

  /** What the number counts or measures: CZK, percent, clients, … (may be null). */
  String unit();

  /** Python format spec for display, e.g. ",.0f" (may be null). */
  String format();

  /** Date column a Pick's time filter and grain use by default (null when there is none). */
  ColumnRef timeColumn();

  /** The table whose rows the metric aggregates. */
  String table();

  /** {@code aggregation(column)} over the rows matching {@code filters}. */
  record Aggregate(
      String name,
      String description,
      List<String> synonyms,
      Aggregation aggregation,
      ColumnRef column,
      List<Filter> filters,
      String unit,
      String format,
      ColumnRef timeColumn)
      implements MetricDefinition {
    public Aggregate {
      synonyms = List.copyOf(synonyms);
      filters = List.copyOf(filters);
    }

    @Override
    public String table() {
      return column.table();
    }
  }

  /** {@code numerator / denominator} (× 100 when percent), both metrics of {@code table}. */
  record Ratio(
      String name,
      String description,
      List<String> synonyms,
      String numerator,
      String denominator,
      boolean percent,
      String table,
      String unit,
      String format,
      ColumnRef timeColumn)
      implements MetricDefinition {
    public Ratio {
      synonyms = List.copyOf(synonyms);
    }
  }

  /** The part of metric {@code of} over rows matching {@code where}, as a percentage of all. */
  record Share(
      String name,
      String description,
      List<String> synonyms,
      String of,
      List<Filter> where,
      String table,
      String unit,
      String format,
      ColumnRef timeColumn)
      implements MetricDefinition {
    public Share {
      synonyms = List.copyOf(synonyms);
      where = List.copyOf(where);
    }
  }
}
