package io.assay.algorithms.adtributor;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One row of the drill-down tool's melted table (spec B5): one element of one dimension, aggregated
 * over the anomaly window. Unused metric fields are {@code null}. Deserialises from the tool's JSON
 * (snake_case keys); unlike pydantic, a missing key is read as {@code null} (decision recorded in
 * the spec's B5 latitude).
 *
 * @param elementValue a {@link String}, an integer or a float; a boolean becomes 1 or 0
 */
public record MeltedRow(
    @JsonProperty("dimension_name") String dimensionName,
    @JsonProperty("element_value") Object elementValue,
    @JsonProperty("predict") Double predict,
    @JsonProperty("real") Double real,
    @JsonProperty("predict_numerator") Double predictNumerator,
    @JsonProperty("predict_denominator") Double predictDenominator,
    @JsonProperty("real_numerator") Double realNumerator,
    @JsonProperty("real_denominator") Double realDenominator,
    @JsonProperty("proportion") Double proportion,
    @JsonProperty("base_proportion") Double baseProportion) {

  /** Row of an absolute metric. */
  public static MeltedRow absolute(String dimension, Object element, double predict, double real) {
    return new MeltedRow(dimension, element, predict, real, null, null, null, null, null, null);
  }

  /** Row of a ratio metric. */
  public static MeltedRow ratio(
      String dimension,
      Object element,
      double predictNumerator,
      double predictDenominator,
      double realNumerator,
      double realDenominator) {
    return new MeltedRow(
        dimension,
        element,
        null,
        null,
        predictNumerator,
        predictDenominator,
        realNumerator,
        realDenominator,
        null,
        null);
  }

  Double value(MetricColumn column) {
    return switch (column) {
      case PREDICT -> predict;
      case REAL -> real;
      case PREDICT_NUMERATOR -> predictNumerator;
      case PREDICT_DENOMINATOR -> predictDenominator;
      case REAL_NUMERATOR -> realNumerator;
      case REAL_DENOMINATOR -> realDenominator;
      case PROPORTION -> proportion;
      case BASE_PROPORTION -> baseProportion;
    };
  }
}
