package io.assay.activities.analyses;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** SQL the composer emitted for a Pick, with its bind values in order. */
public record ComposedSql(String sql, List<Object> binds) {
  public ComposedSql {
    if (sql == null || sql.isBlank()) {
      throw new IllegalArgumentException("composed SQL is empty");
    }
    binds = binds == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(binds));
  }
}
