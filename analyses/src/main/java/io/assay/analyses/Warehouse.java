package io.assay.analyses;

import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.recon.MetricDefinition;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.Optional;

/**
 * The warehouse as analyses see it: recon's catalog, its composer and its read-only executor. SQL
 * only ever comes from {@link #compose}; analyses never write SQL.
 */
public interface Warehouse {

  /** The first output column of {@link #composeSlices}: the index of the row's grouped column. */
  String SLICE = "slice";

  ArgCatalog catalog();

  Optional<MetricDefinition> metric(String name);

  /** Earliest and latest date of a date column. */
  Optional<DateRange> dateSpan(ColumnRef column);

  /** A column's name for people, e.g. {@code district name (district.a2)}. */
  default String columnLabel(String column) {
    return column;
  }

  /** Composes a Pick; throws {@code PickValidationError} when it cannot be composed. */
  ComposedQuery compose(Pick pick);

  /**
   * One query for several breakdowns of a sum or a count over time, or empty when they cannot share
   * one scan (then each is read on its own). {@code pick} measures one metric per period of its
   * grain, grouped by two or more columns; the result holds, for each of those columns in turn (its
   * index in {@code groupBy} in the first column, {@link #SLICE}), the metric per period and value
   * of that column alone, exactly as the Pick grouped by the period and that column would: the
   * period, every grouped column (NULL but the one of the row's slice) and the metric, ordered by
   * slice, period and value.
   */
  default Optional<ComposedQuery> composeSlices(Pick pick) {
    return Optional.empty();
  }

  /**
   * Runs composed SQL read-only. The heartbeat is called while it runs; when the heartbeat throws
   * (the activity was cancelled) the statement is cancelled and the exception propagates.
   */
  Rows execute(ComposedQuery sql, Heartbeat heartbeat);
}
