package io.assay.analyses.drill;

import io.assay.contract.finding.ArtifactRef;
import java.util.List;

/** One level of a drill-down's descent: the dimension split, its elements and its artifact. */
record DrillLevel(
    int number,
    String dimension,
    List<String> rootCause,
    List<Attribution.Row> rows,
    double predictTotal,
    double realTotal,
    ArtifactRef ref,
    String parent) {
  Attribution.Row row(String element) {
    for (Attribution.Row r : rows) {
      if (r.element().equals(element)) {
        return r;
      }
    }
    throw new IllegalStateException("element " + element + " is not in level " + number);
  }

  int index(String element) {
    return rows.indexOf(row(element));
  }
}
