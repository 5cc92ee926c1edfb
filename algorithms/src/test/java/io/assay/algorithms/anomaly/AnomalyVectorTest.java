package io.assay.algorithms.anomaly;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.forecast.RemoteForecaster;
import io.assay.algorithms.testing.JsonMatch;
import io.assay.algorithms.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case in {@code shared/vectors/anomaly}: the real HTTP client talks to a loopback fake of
 * the vectors' forecasting service, so padding requests, health probes and error mapping are
 * checked along with scores, details and report text.
 */
class AnomalyVectorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DIR = SharedFiles.shared("vectors/anomaly");

  static Stream<Path> vectors() throws IOException {
    try (Stream<Path> files = Files.list(DIR)) {
      return files.filter(p -> p.toString().endsWith(".json")).sorted().toList().stream();
    }
  }

  @Test
  void allFortyOneVectorsArePresent() throws IOException {
    assertThat(vectors().count()).isEqualTo(41);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vectors")
  void matchesReference(Path file) throws Exception {
    JsonNode vector = JSON.readTree(file.toFile());
    JsonNode params = vector.get("params");
    JsonNode expected = vector.get("expected");
    List<?> input = JSON.convertValue(vector.at("/input/input_data"), List.class);
    try (FakeForecastService service =
        new FakeForecastService(vector.get("forecast"), vector.get("service"), 3000)) {
      RemoteForecaster client =
          new RemoteForecaster(service.url(), Duration.ofSeconds(5), Duration.ofMillis(600), null);
      AnomalyDetector detector = new AnomalyDetector(client);
      double score;
      Object details;
      String report;
      if (vector.get("function").asText().equals("evaluate_anomalies")) {
        EvaluationOutcome outcome = detector.evaluate(input, evaluationParams(params));
        score = outcome.score();
        details = outcome.details();
        report = AnomalyReport.format(outcome);
      } else {
        RangeOutcome outcome = detector.scanRange(input, rangeParams(params));
        score = outcome.score();
        details = outcome.details();
        report = AnomalyReport.format(outcome);
      }
      assertThat(JsonMatch.close(expected.get("score").asDouble(), score))
          .as("score %s vs %s", score, expected.get("score"))
          .isTrue();
      assertThat(JsonMatch.differences(expected.get("details"), JSON.valueToTree(details)))
          .isEmpty();
      assertThat(report).isEqualTo(expected.get("report").asText());
      assertThat(
              JsonMatch.differences(
                  expected.get("forecast_requests"), JSON.valueToTree(service.predictRequests)))
          .isEmpty();
      assertThat(service.healthRequests.get()).isEqualTo(expected.get("health_requests").asInt());
      for (JsonNode body : service.predictBodies) {
        JsonNode sent = body.get("input");
        for (int i = 0; i < sent.size(); i++) {
          assertThat(sent.get(i))
              .as("raw row %d sent as given", i)
              .isEqualTo(vector.at("/input/input_data").get(i));
        }
      }
    }
  }

  static EvaluationParams evaluationParams(JsonNode p) {
    return new EvaluationParams(
        p.path("evaluation_window").asInt(3),
        p.path("frequency").asText("hourly"),
        p.path("target_column").asText("value"),
        p.has("input_length") ? p.get("input_length").asInt() : null,
        weights(p));
  }

  static RangeParams rangeParams(JsonNode p) {
    return new RangeParams(
        p.get("detection_range").asInt(),
        p.path("frequency").asText("hourly"),
        p.path("target_column").asText("value"),
        p.has("input_length") ? p.get("input_length").asInt() : null,
        p.has("stride") ? p.get("stride").asInt() : null,
        p.has("evaluation_window") ? p.get("evaluation_window").asInt() : null,
        weights(p),
        p.path("t_high").asDouble(0.6),
        p.path("t_low").asDouble(0.4),
        p.path("merge_gap").asInt(1),
        p.path("area_min").asDouble(1.0),
        p.path("peak_high").asDouble(0.8));
  }

  private static ScoringWeights weights(JsonNode p) {
    return new ScoringWeights(
        p.path("drop_weight").asDouble(1.0),
        p.path("rise_weight").asDouble(1.0),
        p.path("smoothing").asDouble(0.5));
  }
}
