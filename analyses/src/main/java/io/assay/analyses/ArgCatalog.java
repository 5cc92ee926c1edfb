package io.assay.analyses;

import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import java.util.Set;
import java.util.TreeSet;

/**
 * What argument validation needs to know about the warehouse: the metric names and the columns an
 * analysis may name. Built from recon ({@code ReconArgCatalog}); the LLM planner builds its
 * structured-output enums from the same sets.
 */
public interface ArgCatalog {

  /** Metric names from metrics.yaml. */
  Set<String> metrics();

  /** Every column as {@code table.column}, lower case. */
  Set<String> columns();

  /** The metrics and columns recon knows. */
  static ArgCatalog of(Recon recon) {
    Set<String> metrics = new TreeSet<>();
    for (MetricDefinition m : recon.metrics()) {
      metrics.add(m.name());
    }
    Set<String> columns = new TreeSet<>();
    for (TableInfo t : recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        columns.add(c.ref().toString());
      }
    }
    return of(metrics, columns);
  }

  /** A fixed catalog, for tests and for callers that already hold the sets. */
  static ArgCatalog of(Set<String> metrics, Set<String> columns) {
    Set<String> m = Set.copyOf(metrics);
    Set<String> c = Set.copyOf(columns);
    return new ArgCatalog() {
      @Override
      public Set<String> metrics() {
        return m;
      }

      @Override
      public Set<String> columns() {
        return c;
      }
    };
  }
}
