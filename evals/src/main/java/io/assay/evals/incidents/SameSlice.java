package io.assay.evals.incidents;

import io.assay.analyses.Rows;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Cells;
import io.assay.analyses.support.Series;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Names of another dimension that select exactly the injected slice's rows, so naming them names
 * the slice: a region that holds one district only, for that district. Checked on the data: the
 * metric over all time is the same for the named element, the injected value, and both together. A
 * coarser element that also holds other rows (a region of several districts) is not the same.
 */
final class SameSlice {
  private static final TimeFilter ALL_TIME =
      TimeFilter.range(LocalDate.of(1000, 1, 1), LocalDate.of(9999, 12, 31));

  private SameSlice() {}

  /** Of {@code named} ("dimension = element"), those that are the injected slice under a name. */
  static Set<String> among(IncidentSchema copy, IncidentCase c, List<String> named) {
    Set<String> out = new LinkedHashSet<>();
    if (!c.incident() || c.dimension() == null) {
      return out;
    }
    for (String name : named.subList(0, Math.min(3, named.size()))) {
      int eq = name.indexOf(" = ");
      if (eq < 0 || name.contains("&")) {
        continue;
      }
      String dim = name.substring(0, eq);
      String element = name.substring(eq + 3);
      if (dim.equals(c.dimension())) {
        continue;
      }
      for (String v : c.values()) {
        if (same(copy, c.metric(), dim, element, c.dimension(), v)) {
          out.add(name);
        }
      }
    }
    return out;
  }

  private static boolean same(
      IncidentSchema copy, String metric, String dimA, String a, String dimB, String b) {
    try {
      Double both = value(copy, metric, List.of(eq(dimA, a), eq(dimB, b)));
      Double onlyA = value(copy, metric, List.of(eq(dimA, a)));
      Double onlyB = value(copy, metric, List.of(eq(dimB, b)));
      return both != null && both != 0 && close(both, onlyA) && close(both, onlyB);
    } catch (RuntimeException e) {
      // A label that does not filter as text (a numeric code): not shown to be the same.
      return false;
    }
  }

  private static Filter eq(String dim, String label) {
    return Breakdown.equalTo(dim, label);
  }

  private static boolean close(double x, Double y) {
    return y != null && Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x));
  }

  private static Double value(IncidentSchema copy, String metric, List<Filter> filters) {
    Rows rows = copy.rows(Breakdown.pick(metric, List.of(), ALL_TIME, new ArrayList<>(filters)));
    int col = rows.column(Series.VALUE);
    return rows.rows().isEmpty() ? null : Cells.number(rows.rows().get(0).get(col));
  }
}
