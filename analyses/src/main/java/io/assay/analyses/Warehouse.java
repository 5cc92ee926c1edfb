package io.assay.analyses;

import io.assay.pick.Pick;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.Optional;

/**
 * The warehouse as analyses see it: recon's catalog, its composer and its read-only executor. SQL
 * only ever comes from {@link #compose}; analyses never write SQL.
 */
public interface Warehouse {

  ArgCatalog catalog();

  Optional<MetricInfo> metric(String name);

  /** Earliest and latest date of a date column ({@code table.column}). */
  Optional<DateRange> dateSpan(String column);

  /** A column's name for people, e.g. {@code district name (district.a2)}. */
  default String columnLabel(String column) {
    return column;
  }

  /** Composes a Pick; throws {@code PickValidationError} when it cannot be composed. */
  ComposedQuery compose(Pick pick);

  /**
   * Runs composed SQL read-only. The heartbeat is called while it runs; when the heartbeat throws
   * (the activity was cancelled) the statement is cancelled and the exception propagates.
   */
  Rows execute(ComposedQuery sql, Heartbeat heartbeat);
}
