package io.assay.algorithms.forecast;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP client and the fallback, against a loopback {@code com.sun.net.httpserver} service. */
class RemoteForecasterTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private HttpServer server;
  private ExecutorService executor;
  private final AtomicInteger healthCalls = new AtomicInteger();
  private final List<JsonNode> predictBodies = new CopyOnWriteArrayList<>();
  private final AtomicReference<String> healthBody =
      new AtomicReference<>(
          "{\"status\":\"healthy\",\"model_initialized\":true,\"min_input_length\":32}");
  private final AtomicInteger predictStatus = new AtomicInteger(200);
  private final AtomicReference<String> predictBody =
      new AtomicReference<>(
          "{\"predictions\":[1.5,2,\"3\"],\"prediction_std\":[0.5,0.5,0.5],\"status\":\"success\"}");
  private final AtomicInteger predictDelayMillis = new AtomicInteger();

  @BeforeEach
  void start() throws IOException {
    executor =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "test-forecast-service");
              t.setDaemon(true);
              return t;
            });
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(executor);
    server.createContext(
        "/health",
        exchange -> {
          healthCalls.incrementAndGet();
          send(exchange, 200, healthBody.get());
        });
    server.createContext(
        "/predict",
        exchange -> {
          predictBodies.add(JSON.readTree(exchange.getRequestBody()));
          if (predictDelayMillis.get() > 0) {
            try {
              Thread.sleep(predictDelayMillis.get());
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          send(exchange, predictStatus.get(), predictBody.get());
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
    executor.shutdownNow();
  }

  private URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  private RemoteForecaster client() {
    return new RemoteForecaster(url(), Duration.ofSeconds(2), Duration.ofMillis(500), null);
  }

  private static void send(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Test
  void upServiceAnswersAndShortHistoryAsksForLeftPadding() {
    RemoteForecaster client = client();
    assertThat(client.health()).isEqualTo(new ForecasterHealth(true, 32));
    ForecastResult result =
        client.forecast(new ForecastRequest(List.of(1.0, Map.of("v", 2)), 3, "daily", null, "v"));
    assertThat(result)
        .isEqualTo(
            new ForecastResult.Success(
                List.of(1.5, 2.0, 3.0), List.of(0.5, 0.5, 0.5), url().toString()));
    JsonNode body = predictBodies.get(0);
    assertThat(body.toString())
        .isEqualTo(
            "{\"input\":[1.0,{\"v\":2}],\"forecast_window\":3,\"frequency\":\"daily\",\"input_len\":32,\"target_column\":\"v\"}");
    assertThat(healthCalls.get()).isEqualTo(1);
  }

  @Test
  void longHistoryIsSentWithoutInputLenAndAGivenInputLengthIsAlwaysSent() {
    RemoteForecaster client = client();
    client.health();
    List<Object> rows = SeriesValues.of(new double[40]);
    client.forecast(ForecastRequest.of(rows, 3, "hourly"));
    client.forecast(new ForecastRequest(rows, 3, "hourly", 8, null));
    assertThat(predictBodies.get(0).has("input_len")).isFalse();
    assertThat(predictBodies.get(0).has("target_column")).isFalse();
    assertThat(predictBodies.get(1).get("input_len").asInt()).isEqualTo(8);
  }

  @Test
  void withoutMinInputLengthTheClientProbesBeforeEveryCallAndUses96() {
    healthBody.set("{\"status\":\"healthy\",\"model_initialized\":true,\"min_input_length\":null}");
    RemoteForecaster client = client();
    client.health();
    client.forecast(ForecastRequest.of(SeriesValues.of(1, 2, 3), 3, "hourly"));
    client.forecast(ForecastRequest.of(SeriesValues.of(1, 2, 3, 4), 3, "hourly"));
    assertThat(healthCalls.get()).isEqualTo(3);
    assertThat(predictBodies.get(1).get("input_len").asInt()).isEqualTo(96);
  }

  @Test
  void configuredMinimumInputLengthOverridesTheService() {
    RemoteForecaster client =
        new RemoteForecaster(url(), Duration.ofSeconds(2), Duration.ofSeconds(2), 5);
    client.forecast(ForecastRequest.of(SeriesValues.of(1, 2, 3), 3, "hourly"));
    assertThat(predictBodies.get(0).get("input_len").asInt()).isEqualTo(5);
    assertThat(healthCalls.get()).isZero();
  }

  @Test
  void modelNotInitialisedOrNon200HealthIsDown() {
    healthBody.set("{\"status\":\"healthy\",\"model_initialized\":false}");
    assertThat(client().health().healthy()).isFalse();
    healthBody.set("not json");
    assertThat(client().health().healthy()).isFalse();
  }

  @Test
  void httpErrorCarriesStatusAndBody() {
    predictStatus.set(500);
    predictBody.set("{\"error\":\"boom\",\"status\":\"error\"}");
    assertThat(client().forecast(ForecastRequest.of(SeriesValues.of(new double[100]), 2, "hourly")))
        .isEqualTo(
            new ForecastResult.Failure(
                ForecastResult.Status.HTTP_ERROR,
                "Service returned status 500: {\"error\":\"boom\",\"status\":\"error\"}"));
  }

  @Test
  void errorStatusInA200BodyIsAFailure() {
    predictBody.set("{\"error\":\"model busy\",\"status\":\"error\"}");
    assertThat(client().forecast(ForecastRequest.of(SeriesValues.of(new double[100]), 2, "hourly")))
        .isEqualTo(new ForecastResult.Failure(ForecastResult.Status.ERROR, "model busy"));
  }

  @Test
  void slowServiceTimesOutWithTheReferenceMessage() {
    predictDelayMillis.set(2000);
    assertThat(client().forecast(ForecastRequest.of(SeriesValues.of(new double[100]), 2, "hourly")))
        .isEqualTo(
            new ForecastResult.Failure(
                ForecastResult.Status.ERROR,
                "Request timeout - forecasting service took too long to respond"));
  }

  @Test
  void downServiceIsUnhealthyAndFailsWithAConnectionError() throws IOException {
    RemoteForecaster down =
        new RemoteForecaster(closedPort(), Duration.ofSeconds(1), Duration.ofSeconds(1), null);
    assertThat(down.health()).isEqualTo(ForecasterHealth.DOWN);
    ForecastResult result =
        down.forecast(ForecastRequest.of(SeriesValues.of(1, 2, 3), 2, "hourly"));
    assertThat(result).isInstanceOf(ForecastResult.Failure.class);
    ForecastResult.Failure failure = (ForecastResult.Failure) result;
    assertThat(failure.status()).isEqualTo(ForecastResult.Status.ERROR);
    assertThat(failure.error())
        .startsWith("Connection error - could not reach forecasting service");
  }

  @Test
  void fallbackUsesTheRemoteWhileUpAndTheInProcessForecasterWhenDown() throws IOException {
    FallbackForecaster up = new FallbackForecaster(client(), new StatisticalForecaster());
    ForecastResult.Success remote =
        (ForecastResult.Success)
            up.forecast(ForecastRequest.of(SeriesValues.of(new double[50]), 3, "hourly"));
    assertThat(remote.source()).isEqualTo(url().toString());
    assertThat(up.health().minInputLength()).isEqualTo(32);

    RemoteForecaster dead =
        new RemoteForecaster(closedPort(), Duration.ofSeconds(1), Duration.ofSeconds(1), null);
    FallbackForecaster down = new FallbackForecaster(dead, new StatisticalForecaster());
    assertThat(down.health().healthy()).isTrue();
    ForecastResult.Success local =
        (ForecastResult.Success)
            down.forecast(ForecastRequest.of(SeriesValues.of(1, 2, 3, 4, 5), 2, "hourly"));
    assertThat(local.source()).isIn("the last value (naive)", "Holt's damped trend");
    assertThat(local.predictions()).hasSize(2);
  }

  @Test
  void fallbackAlsoCoversAServiceThatErrorsAndSkipsItDuringTheCoolDown() {
    predictStatus.set(503);
    FallbackForecaster forecaster =
        new FallbackForecaster(client(), new StatisticalForecaster(), Duration.ofMinutes(5));
    ForecastRequest request = ForecastRequest.of(SeriesValues.of(new double[50]), 3, "hourly");
    assertThat(((ForecastResult.Success) forecaster.forecast(request)).source())
        .isNotEqualTo(url().toString());
    forecaster.forecast(request);
    assertThat(predictBodies).hasSize(1);
  }

  @Test
  void blankServiceUrlMeansInProcess() {
    assertThat(FallbackForecaster.forServiceUrl(" ")).isInstanceOf(StatisticalForecaster.class);
    assertThat(FallbackForecaster.forServiceUrl(url().toString()))
        .isInstanceOf(FallbackForecaster.class);
  }

  /** A loopback URL on which nothing listens. */
  private static URI closedPort() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    return URI.create("http://127.0.0.1:" + port);
  }
}
