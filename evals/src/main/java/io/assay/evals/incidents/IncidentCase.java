package io.assay.evals.incidents;

import java.time.YearMonth;
import java.util.List;

/**
 * One case of the incident benchmark.
 *
 * @param metric an additive metric with a time column
 * @param dimension the slice's dimension (null for NONE)
 * @param values the slice's one or two values
 * @param start first month changed
 * @param months months changed (1 for a spike or drop, 2–4 for a shift)
 * @param change signed change of each changed month's total
 * @param noise the metric's robust month-to-month noise (MAD of detrended residuals)
 * @param question the question asked, from one of the phrasings
 */
public record IncidentCase(
    int index,
    IncidentKind kind,
    String metric,
    String dimension,
    List<String> values,
    YearMonth start,
    int months,
    double change,
    double noise,
    String question) {

  public IncidentCase {
    values = values == null ? List.of() : List.copyOf(values);
  }

  public boolean incident() {
    return kind != IncidentKind.NONE;
  }

  /** The direction a detector should report. */
  public String direction() {
    return change < 0 ? "drop" : "rise";
  }
}
