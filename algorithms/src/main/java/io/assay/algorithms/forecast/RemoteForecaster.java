package io.assay.algorithms.forecast;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * HTTP client for a remote forecasting service speaking the reference contract (spec A10): {@code
 * GET /health}, {@code POST /predict}, the minimum-input-length resolution and the {@code
 * input_len} padding request, and the reference's mapping of failures to statuses and texts.
 *
 * <p>The minimum input length from {@code /health} is cached per instance (the reference caches it
 * per URL for the life of the process; one instance per URL gives the same behaviour).
 */
public final class RemoteForecaster implements Forecaster {
  /** Used when neither configuration nor {@code /health} gives a minimum input length. */
  public static final int FALLBACK_MIN_INPUT_LENGTH = 96;

  static final String TIMEOUT_MESSAGE =
      "Request timeout - forecasting service took too long to respond";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI baseUrl;
  private final Duration healthTimeout;
  private final Duration predictTimeout;
  private final Integer minInputLengthOverride;
  private final HttpClient http;
  private volatile Integer cachedMinInputLength;

  /** A client with the reference timeouts (10 s health, 30 s predict) and no override. */
  public RemoteForecaster(URI baseUrl) {
    this(baseUrl, Duration.ofSeconds(10), Duration.ofSeconds(30), null);
  }

  /**
   * @param baseUrl service root, e.g. {@code http://localhost:8765}
   * @param minInputLengthOverride configured minimum input length; used when a positive integer
   */
  public RemoteForecaster(
      URI baseUrl,
      Duration healthTimeout,
      Duration predictTimeout,
      Integer minInputLengthOverride) {
    if (baseUrl == null) {
      throw new IllegalArgumentException("baseUrl must not be null");
    }
    String text = baseUrl.toString();
    this.baseUrl = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
    this.healthTimeout = healthTimeout;
    this.predictTimeout = predictTimeout;
    this.minInputLengthOverride = minInputLengthOverride;
    this.http = HttpClient.newBuilder().connectTimeout(healthTimeout).build();
  }

  public URI baseUrl() {
    return baseUrl;
  }

  /**
   * {@code GET /health}: healthy only on status 200 with a truthy {@code model_initialized}; a
   * positive integer {@code min_input_length} is cached.
   */
  @Override
  public ForecasterHealth health() {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(baseUrl.resolve(baseUrl.getPath() + "/health"))
              .timeout(healthTimeout)
              .GET()
              .build();
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return ForecasterHealth.DOWN;
      }
      Object body = JSON.readValue(response.body(), Object.class);
      if (!(body instanceof Map<?, ?> map)) {
        return ForecasterHealth.DOWN;
      }
      Integer min = positiveInteger(map.get("min_input_length"));
      if (min != null) {
        cachedMinInputLength = min;
      }
      return new ForecasterHealth(truthy(map.get("model_initialized")), min);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ForecasterHealth.DOWN;
    } catch (IOException | RuntimeException e) {
      return ForecasterHealth.DOWN;
    }
  }

  /** Resolves the minimum input length: override, cache, one more probe, then 96. */
  int resolveMinInputLength() {
    if (minInputLengthOverride != null && minInputLengthOverride > 0) {
      return minInputLengthOverride;
    }
    Integer cached = cachedMinInputLength;
    if (cached != null) {
      return cached;
    }
    health();
    cached = cachedMinInputLength;
    return cached != null ? cached : FALLBACK_MIN_INPUT_LENGTH;
  }

  @Override
  public ForecastResult forecast(ForecastRequest request) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("input", request.historyRows());
    body.put("forecast_window", request.horizon());
    body.put("frequency", request.frequency());
    if (request.inputLength() != null) {
      body.put("input_len", request.inputLength());
    } else {
      int min = resolveMinInputLength();
      if (request.historyRows().size() < min) {
        // Asks the service to left-pad with zeros up to its minimum context.
        body.put("input_len", min);
      }
    }
    if (!SeriesValues.DEFAULT_TARGET_COLUMN.equals(request.targetColumn())) {
      body.put("target_column", request.targetColumn());
    }
    HttpResponse<String> response;
    try {
      HttpRequest httpRequest =
          HttpRequest.newBuilder(baseUrl.resolve(baseUrl.getPath() + "/predict"))
              .timeout(predictTimeout)
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
              .build();
      response = http.send(httpRequest, HttpResponse.BodyHandlers.ofString());
    } catch (HttpTimeoutException e) {
      return new ForecastResult.Failure(ForecastResult.Status.ERROR, TIMEOUT_MESSAGE);
    } catch (JsonProcessingException e) {
      return new ForecastResult.Failure(
          ForecastResult.Status.ERROR, "Unexpected error: history rows are not JSON: " + e);
    } catch (IOException e) {
      return new ForecastResult.Failure(
          ForecastResult.Status.ERROR,
          "Connection error - could not reach forecasting service at " + baseUrl + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new ForecastResult.Failure(ForecastResult.Status.ERROR, "Unexpected error: " + e);
    }
    if (response.statusCode() != 200) {
      return new ForecastResult.Failure(
          ForecastResult.Status.HTTP_ERROR,
          "Service returned status " + response.statusCode() + ": " + response.body());
    }
    return parseSuccess(response.body());
  }

  private ForecastResult parseSuccess(String text) {
    Object parsed;
    try {
      parsed = JSON.readValue(text, Object.class);
    } catch (IOException e) {
      return new ForecastResult.Failure(
          ForecastResult.Status.ERROR, "Unexpected error: response is not JSON: " + e.getMessage());
    }
    if (!(parsed instanceof Map<?, ?> map)) {
      return new ForecastResult.Failure(
          ForecastResult.Status.ERROR, "Unexpected error: response is not a JSON object");
    }
    if ("error".equals(map.get("status"))) {
      Object error = map.get("error");
      return new ForecastResult.Failure(
          ForecastResult.Status.ERROR, error == null ? "Unknown error" : String.valueOf(error));
    }
    List<Double> predictions = numbers(map.get("predictions"));
    List<Double> std =
        map.get("prediction_std") instanceof List<?> ? numbers(map.get("prediction_std")) : null;
    return new ForecastResult.Success(predictions, std, baseUrl.toString());
  }

  /** Python-float conversion of each element; unconvertible elements become null. */
  private static List<Double> numbers(Object value) {
    List<Double> out = new ArrayList<>();
    if (value instanceof List<?> list) {
      for (Object item : list) {
        out.add(PyFloat.parse(item));
      }
    }
    return out;
  }

  private static Integer positiveInteger(Object value) {
    if (value instanceof Integer || value instanceof Long) {
      long v = ((Number) value).longValue();
      return v > 0 && v <= Integer.MAX_VALUE ? (int) v : null;
    }
    return null;
  }

  /** Python truthiness of a JSON value. */
  private static boolean truthy(Object value) {
    if (value == null) {
      return false;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof Number n) {
      return n.doubleValue() != 0;
    }
    if (value instanceof String s) {
      return !s.isEmpty();
    }
    if (value instanceof List<?> l) {
      return !l.isEmpty();
    }
    if (value instanceof Map<?, ?> m) {
      return !m.isEmpty();
    }
    return true;
  }
}
