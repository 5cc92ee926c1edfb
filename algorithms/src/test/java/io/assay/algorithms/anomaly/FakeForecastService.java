package io.assay.algorithms.anomaly;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The vectors' fake forecasting service on a loopback port: serves the fixed forecast slice for
 * each {@code /predict} call, injects the failures a vector describes, and records every request.
 */
final class FakeForecastService implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(daemonThreads());
  private final JsonNode forecast;
  private final JsonNode service;
  private final long sleepOnTimeoutMillis;
  final AtomicInteger healthRequests = new AtomicInteger();
  final List<Map<String, Object>> predictRequests = new ArrayList<>();
  final List<JsonNode> predictBodies = new ArrayList<>();

  FakeForecastService(JsonNode forecast, JsonNode service, long sleepOnTimeoutMillis)
      throws IOException {
    this.forecast = forecast;
    this.service = service;
    this.sleepOnTimeoutMillis = sleepOnTimeoutMillis;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(executor);
    server.createContext("/health", this::health);
    server.createContext("/predict", this::predict);
    server.start();
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  private void health(HttpExchange exchange) throws IOException {
    healthRequests.incrementAndGet();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", "healthy");
    body.put("model_initialized", service.path("healthy").asBoolean());
    JsonNode min = service.get("min_input_length");
    body.put("min_input_length", min == null || min.isNull() ? null : min.asInt());
    body.put("uptime_seconds", 1.0);
    send(exchange, 200, JSON.writeValueAsString(body));
  }

  private void predict(HttpExchange exchange) throws IOException {
    JsonNode request = JSON.readTree(exchange.getRequestBody());
    int n = request.get("input").size();
    int origin = forecast.get("origin_index").asInt();
    int offset = n - origin;
    int window = request.get("forecast_window").asInt();
    Map<String, Object> record = new LinkedHashMap<>();
    record.put("history_points", n);
    record.put("offset", offset);
    record.put("forecast_window", window);
    record.put("frequency", request.get("frequency").asText());
    if (request.has("input_len")) {
      record.put("input_len", request.get("input_len").asInt());
    }
    if (request.has("target_column")) {
      record.put("target_column", request.get("target_column").asText());
    }
    synchronized (this) {
      predictRequests.add(record);
      predictBodies.add(request);
    }
    if (contains(service.get("timeout_block_offsets"), offset)) {
      try {
        Thread.sleep(sleepOnTimeoutMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      send(exchange, 504, "{}");
      return;
    }
    if (contains(service.get("fail_block_offsets"), offset)) {
      send(exchange, 500, "{\"error\":\"500: injected failure\",\"status\":\"error\"}");
      return;
    }
    Object predictions;
    JsonNode raw = service.path("raw_predictions").get(String.valueOf(offset));
    if (raw != null) {
      predictions = raw;
    } else {
      int count = window;
      JsonNode shortBlock = service.path("short_blocks").get(String.valueOf(offset));
      if (shortBlock != null) {
        count = shortBlock.asInt();
      }
      predictions = slice(forecast.get("predictions"), offset, count);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("predictions", predictions);
    if (forecast.has("prediction_std")) {
      body.put("prediction_std", slice(forecast.get("prediction_std"), offset, window));
    }
    body.put("forecast_window", window);
    body.put("frequency", request.get("frequency").asText());
    body.put("status", "success");
    send(exchange, 200, JSON.writeValueAsString(body));
  }

  private static List<JsonNode> slice(JsonNode array, int from, int count) {
    List<JsonNode> out = new ArrayList<>();
    for (int i = Math.max(from, 0); i < Math.min(array.size(), from + count); i++) {
      out.add(array.get(i));
    }
    return out;
  }

  private static boolean contains(JsonNode list, int value) {
    if (list == null) {
      return false;
    }
    for (JsonNode v : list) {
      if (v.asInt() == value) {
        return true;
      }
    }
    return false;
  }

  private static void send(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    return r -> {
      Thread t = new Thread(r, "fake-forecast-service");
      t.setDaemon(true);
      return t;
    };
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
