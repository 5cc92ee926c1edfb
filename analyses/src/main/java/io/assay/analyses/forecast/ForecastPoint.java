package io.assay.analyses.forecast;

/**
 * One predicted bucket.
 *
 * @param std the forecaster's standard deviation; null when it gives none (then no band)
 */
record ForecastPoint(String period, double forecast, Double std) {
  private static final double Z95 = 1.959963984540054;

  Double lower() {
    return std == null ? null : forecast - Z95 * std;
  }

  Double upper() {
    return std == null ? null : forecast + Z95 * std;
  }
}
