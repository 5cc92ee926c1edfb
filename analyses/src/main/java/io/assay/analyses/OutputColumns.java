package io.assay.analyses;

import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.OutputColumn;

/** Reading a composed query's output columns by the names a result's columns carry. */
public final class OutputColumns {
  private OutputColumns() {}

  /** The output named {@code column} (case-insensitive, as the database may fold it), or null. */
  public static OutputColumn named(ComposedQuery query, String column) {
    for (OutputColumn o : query.columns()) {
      if (o.name().equalsIgnoreCase(column)) {
        return o;
      }
    }
    return null;
  }

  public static boolean measure(OutputColumn o) {
    return o != null && o.role() == OutputColumn.Role.MEASURE;
  }
}
