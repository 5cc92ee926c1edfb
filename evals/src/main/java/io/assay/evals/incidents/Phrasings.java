package io.assay.evals.incidents;

import java.util.List;

/**
 * The questions a case asks: a monthly check of a metric over a year that asks for a drill-down
 * when something is unusual. Several wordings, each read by the standard reader into a trend scan
 * followed by a drill-down.
 */
final class Phrasings {
  static final List<String> TEMPLATES =
      List.of(
          "Check the monthly %s in %d and drill down if anything is unusual",
          "Was anything unusual in the monthly %s in %d? Drill down into it",
          "Look for anomalies in the monthly %s in %d and drill down into what changed",
          "Check %s by month in %d; if something is off, drill down");

  private Phrasings() {}

  static String question(int template, String metricWords, int year) {
    return String.format(TEMPLATES.get(template), metricWords, year);
  }
}
