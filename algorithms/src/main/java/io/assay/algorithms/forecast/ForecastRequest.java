package io.assay.algorithms.forecast;

import java.util.List;

/**
 * One forecast call (spec A10): the raw history rows exactly as the caller holds them (numbers or
 * maps, invalid items included), the horizon, the frequency string, an optional input length and
 * the metric key inside rows.
 *
 * <p>{@code historyRows} is not copied (range scans pass growing prefixes of one list); callers
 * must not mutate it during the call.
 */
public record ForecastRequest(
    List<?> historyRows, int horizon, String frequency, Integer inputLength, String targetColumn) {
  public ForecastRequest {
    if (historyRows == null) {
      throw new IllegalArgumentException("historyRows must not be null");
    }
    if (targetColumn == null) {
      targetColumn = SeriesValues.DEFAULT_TARGET_COLUMN;
    }
  }

  /** A request over bare numbers with the default target column and no input length. */
  public static ForecastRequest of(List<?> historyRows, int horizon, String frequency) {
    return new ForecastRequest(historyRows, horizon, frequency, null, null);
  }
}
