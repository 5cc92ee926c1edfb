package io.assay.algorithms.forecast;

/**
 * The forecaster contract the anomaly scoring depends on (spec A10). Implementations: the
 * in-process {@link StatisticalForecaster}, the HTTP {@link RemoteForecaster}, and {@link
 * FallbackForecaster} which prefers the remote one while it is up.
 */
public interface Forecaster {

  /** Forecasts {@code request.horizon()} points after the history; never throws for bad data. */
  ForecastResult forecast(ForecastRequest request);

  /** Whether the forecaster can serve now. */
  ForecasterHealth health();
}
