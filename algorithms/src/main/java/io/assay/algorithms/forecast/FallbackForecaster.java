package io.assay.algorithms.forecast;

import java.net.URI;
import java.time.Duration;

/**
 * Prefers a primary forecaster (normally {@link RemoteForecaster}) and answers with the fallback
 * (normally {@link StatisticalForecaster}) when the primary is down: unhealthy, unreachable, or
 * failing a call. {@link ForecastResult.Success#source()} tells which one answered.
 *
 * <p>After the primary fails, it is left alone for a cool-down period, so that a service that hangs
 * does not cost a timeout on every block of a range scan.
 */
public final class FallbackForecaster implements Forecaster {
  /** Default time the primary is skipped after it was seen down. */
  public static final Duration DEFAULT_COOL_DOWN = Duration.ofSeconds(30);

  private final Forecaster primary;
  private final Forecaster fallback;
  private final long coolDownNanos;
  private volatile long primarySkippedUntil = Long.MIN_VALUE;
  private volatile boolean primaryDown;

  public FallbackForecaster(Forecaster primary, Forecaster fallback) {
    this(primary, fallback, DEFAULT_COOL_DOWN);
  }

  public FallbackForecaster(Forecaster primary, Forecaster fallback, Duration coolDown) {
    this.primary = primary;
    this.fallback = fallback;
    this.coolDownNanos = coolDown.toNanos();
  }

  /**
   * The forecaster to use for a configuration: the in-process one when {@code serviceUrl} is null
   * or blank, else the remote service at that URL with the in-process one as fallback.
   */
  public static Forecaster forServiceUrl(String serviceUrl) {
    StatisticalForecaster local = new StatisticalForecaster();
    if (serviceUrl == null || serviceUrl.isBlank()) {
      return local;
    }
    return new FallbackForecaster(new RemoteForecaster(URI.create(serviceUrl.strip())), local);
  }

  @Override
  public ForecasterHealth health() {
    ForecasterHealth remote = primary.health();
    if (remote.healthy()) {
      primaryDown = false;
      return remote;
    }
    markDown();
    return fallback.health();
  }

  @Override
  public ForecastResult forecast(ForecastRequest request) {
    if (!skippingPrimary()) {
      ForecastResult result = primary.forecast(request);
      if (result instanceof ForecastResult.Success) {
        primaryDown = false;
        return result;
      }
      markDown();
    }
    return fallback.forecast(request);
  }

  private boolean skippingPrimary() {
    return primaryDown && System.nanoTime() - primarySkippedUntil < 0;
  }

  private void markDown() {
    primaryDown = true;
    primarySkippedUntil = System.nanoTime() + coolDownNanos;
  }
}
