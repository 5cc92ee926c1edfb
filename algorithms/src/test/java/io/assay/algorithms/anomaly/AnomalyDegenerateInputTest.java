package io.assay.algorithms.anomaly;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.forecast.ForecastResult;
import io.assay.algorithms.forecast.Forecaster;
import io.assay.algorithms.forecast.ForecasterHealth;
import io.assay.algorithms.forecast.SeriesValues;
import io.assay.algorithms.forecast.StatisticalForecaster;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Degenerate inputs give a defined result or a clear error, never NaN or a hang; the spec's [BUG?]
 * cases take the recommended behaviour (named so in the test name).
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class AnomalyDegenerateInputTest {
  private final AnomalyDetector detector = new AnomalyDetector(new StatisticalForecaster());

  @Test
  void emptyInputIsAClearErrorInBothModes() {
    assertThat(detector.evaluate(List.of(), EvaluationParams.defaults()).details())
        .containsEntry(
            "error", "Input data length (0) must be greater than evaluation window (3).");
    assertThat(detector.scanRange(List.of(), RangeParams.of(5)).details())
        .containsEntry(
            "error",
            "Input data length (0) must be greater than detection_range (5) to provide forecast"
                + " history.");
  }

  @Test
  void bugNullInputIsTreatedAsEmptyInsteadOfCrashing() {
    EvaluationOutcome outcome = detector.evaluate(null, EvaluationParams.defaults());
    assertThat(outcome.score()).isZero();
    assertThat(outcome.details())
        .containsEntry(
            "error", "Input data length (0) must be greater than evaluation window (3).");
    assertThat(detector.scanRange(null, RangeParams.of(2))).isInstanceOf(RangeOutcome.Failed.class);
  }

  @Test
  void oneElementIsTooShort() {
    assertThat(detector.evaluate(List.of(5.0), EvaluationParams.defaults()).details())
        .containsEntry(
            "error", "Input data length (1) must be greater than evaluation window (3).");
    assertThat(detector.scanRange(List.of(5.0), RangeParams.of(1)).details())
        .containsEntry(
            "error",
            "Input data length (1) must be greater than detection_range (1) to provide forecast"
                + " history.");
  }

  @Test
  void tooShortSeriesForTheWindowIsAClearError() {
    EvaluationOutcome outcome =
        detector.evaluate(SeriesValues.of(1, 2, 3), EvaluationParams.defaults());
    assertThat(outcome).isInstanceOf(EvaluationOutcome.Failed.class);
    assertThat(((EvaluationOutcome.Failed) outcome).error()).contains("(3)");
  }

  @Test
  void constantSeriesScoresZeroAndAJumpStillReacts() {
    double[] flat = new double[60];
    Arrays.fill(flat, 500);
    EvaluationOutcome calm = detector.evaluate(SeriesValues.of(flat), EvaluationParams.defaults());
    assertThat(calm.score()).isZero();
    assertNoNaN(calm.details());

    double[] jump = flat.clone();
    jump[59] = 900;
    EvaluationOutcome spike = detector.evaluate(SeriesValues.of(jump), EvaluationParams.defaults());
    assertThat(spike.score()).isGreaterThan(0.4);
    assertNoNaN(spike.details());

    RangeOutcome scan = detector.scanRange(SeriesValues.of(flat), RangeParams.of(20));
    assertThat(scan.score()).isZero();
    assertNoNaN(scan.details());
  }

  @Test
  void allZerosAreScoredWithoutNaN() {
    double[] zeros = new double[40];
    EvaluationOutcome outcome =
        detector.evaluate(SeriesValues.of(zeros), EvaluationParams.defaults());
    assertThat(outcome.score()).isZero();
    assertNoNaN(outcome.details());
    RangeOutcome scan = detector.scanRange(SeriesValues.of(zeros), RangeParams.of(12));
    assertThat(scan.score()).isZero();
    assertNoNaN(scan.details());
  }

  @Test
  void negativeLevelsUseVolumeFactorOneAndScoreDrops() {
    double[] values = new double[50];
    for (int i = 0; i < values.length; i++) {
      values[i] = -200 + (i % 2 == 0 ? 3 : -3);
    }
    values[49] = -400;
    EvaluationOutcome outcome =
        detector.evaluate(SeriesValues.of(values), EvaluationParams.defaults());
    WindowScore window = ((EvaluationOutcome.Scored) outcome).window();
    assertThat(window.points().get(2).volumeFactor()).isEqualTo(1.0);
    assertThat(window.points().get(2).direction()).isEqualTo(Direction.DROP);
    assertThat(outcome.score()).isGreaterThan(0.6);
    assertNoNaN(outcome.details());
  }

  @Test
  void nanAndInfiniteValuesAreSkippedLikeInvalidRows() {
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      rows.add(100.0 + (i % 3));
    }
    rows.set(5, Double.NaN);
    rows.set(9, Double.POSITIVE_INFINITY);
    rows.set(12, Map.of("value", "nan"));
    rows.set(13, Map.of("value", "inf"));
    EvaluationOutcome outcome = detector.evaluate(rows, EvaluationParams.defaults());
    assertThat(outcome).isInstanceOf(EvaluationOutcome.Scored.class);
    assertNoNaN(outcome.details());

    // A non-finite value inside the scan breaks continuity: a clear error.
    List<Object> scanRows = new ArrayList<>(rows);
    scanRows.set(38, Double.NaN);
    assertThat(detector.scanRange(scanRows, RangeParams.of(5)).details())
        .containsEntry(
            "error", "Could not extract a continuous numeric series for the detection range.");
  }

  @Test
  void bugStrideZeroOrNegativeIsRejectedInsteadOfLoopingForever() {
    List<Object> rows = SeriesValues.of(new double[30]);
    assertThat(detector.scanRange(rows, RangeParams.of(10).withStride(0)).details())
        .containsEntry("error", "stride (0) must be a positive integer.");
    assertThat(detector.scanRange(rows, RangeParams.of(10).withStride(-3)).details())
        .containsEntry("error", "stride (-3) must be a positive integer.");
  }

  @Test
  void bugEvaluationWindowBelowOneIsRejectedUpFront() {
    List<Object> rows = SeriesValues.of(new double[30]);
    assertThat(
            detector.evaluate(rows, EvaluationParams.defaults().withEvaluationWindow(0)).details())
        .containsEntry("error", "evaluation_window (0) must be a positive integer.");
    assertThat(detector.scanRange(rows, RangeParams.of(10).withEvaluationWindow(0)).details())
        .containsEntry("error", "evaluation_window (0) must be a positive integer.");
  }

  @Test
  void nonPositiveDetectionRangeIsAClearError() {
    assertThat(detector.scanRange(SeriesValues.of(1, 2, 3), RangeParams.of(-1)).details())
        .containsEntry("error", "detection_range (-1) must be positive.");
  }

  @Test
  void bugNullOrNonFinitePredictionStdElementsFallBackToHistorySigma() {
    Forecaster withGaps = fixed(List.of(100.0, 100.0, 100.0), Arrays.asList(5.0, null, Double.NaN));
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rows.add(100.0 + (i % 2 == 0 ? 4 : -4));
    }
    rows.addAll(List.of(104.0, 96.0, 130.0));
    EvaluationOutcome outcome =
        new AnomalyDetector(withGaps).evaluate(rows, EvaluationParams.defaults());
    WindowScore window = ((EvaluationOutcome.Scored) outcome).window();
    assertThat(window.points().get(0).zScore()).isEqualTo(4.0 / 5.0);
    double sigma = window.noiseScale();
    assertThat(window.points().get(2).zScore()).isEqualTo(30.0 / Math.max(sigma, 0.1));
    assertNoNaN(outcome.details());
  }

  @Test
  void nonNumericPredictionInSingleWindowModeIsAClearError() {
    Forecaster broken = fixed(Arrays.asList(100.0, null, 100.0), null);
    EvaluationOutcome outcome =
        new AnomalyDetector(broken)
            .evaluate(SeriesValues.of(new double[10]), EvaluationParams.defaults());
    assertThat(outcome.details())
        .containsEntry("error", "Forecast returned a non-numeric prediction at position 2.");
  }

  @Test
  void nonFiniteIntervalRulesAreRejected() {
    RangeParams params = RangeParams.of(5).withIntervalRules(Double.NaN, 0.4, 1, 1.0, 0.8);
    assertThat(detector.scanRange(SeriesValues.of(new double[20]), params))
        .isInstanceOf(RangeOutcome.Failed.class);
  }

  @Test
  void windowScorerRejectsEmptyWindows() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                WindowScorer.score(
                    new double[0],
                    new double[0],
                    0,
                    0,
                    null,
                    HistoryStatistics.of(new double[0]),
                    ScoringWeights.DEFAULT))
        .hasMessage("Empty values provided for evaluation");
  }

  static Forecaster fixed(List<Double> predictions, List<Double> std) {
    return new Forecaster() {
      @Override
      public ForecastResult forecast(io.assay.algorithms.forecast.ForecastRequest request) {
        return new ForecastResult.Success(predictions, std, "fixed");
      }

      @Override
      public ForecasterHealth health() {
        return new ForecasterHealth(true, null);
      }
    };
  }

  /** Fails if any number anywhere in the details is NaN or infinite. */
  static void assertNoNaN(Object value) {
    if (value instanceof Double d) {
      assertThat(Double.isFinite(d)).as("finite number").isTrue();
    } else if (value instanceof Map<?, ?> map) {
      map.values().forEach(AnomalyDegenerateInputTest::assertNoNaN);
    } else if (value instanceof List<?> list) {
      list.forEach(AnomalyDegenerateInputTest::assertNoNaN);
    }
  }

  @Test
  void extractionOfAnEmptyOrNullSeriesIsEmpty() {
    assertThat(SeriesValues.extract(Collections.emptyList(), null)).isEmpty();
    assertThat(SeriesValues.extract(null, null)).isEmpty();
  }
}
