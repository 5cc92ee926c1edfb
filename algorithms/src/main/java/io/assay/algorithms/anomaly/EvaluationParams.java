package io.assay.algorithms.anomaly;

import io.assay.algorithms.forecast.SeriesValues;

/**
 * Parameters of single-window scoring (spec A5). Defaults: window 3, frequency {@code hourly},
 * target column {@code value}, no input length, weights 1.0, smoothing 0.5.
 */
public record EvaluationParams(
    int evaluationWindow,
    String frequency,
    String targetColumn,
    Integer inputLength,
    ScoringWeights weights) {

  public EvaluationParams {
    if (targetColumn == null) {
      targetColumn = SeriesValues.DEFAULT_TARGET_COLUMN;
    }
    if (weights == null) {
      weights = ScoringWeights.DEFAULT;
    }
  }

  /** The reference defaults. */
  public static EvaluationParams defaults() {
    return new EvaluationParams(3, "hourly", null, null, ScoringWeights.DEFAULT);
  }

  /** Defaults with the window the tool uses for this frequency (6 for minute data, else 3). */
  public static EvaluationParams forFrequency(String frequency) {
    return new EvaluationParams(
        FrequencyDefaults.of(frequency).evaluationWindow(), frequency, null, null, null);
  }

  public EvaluationParams withEvaluationWindow(int window) {
    return new EvaluationParams(window, frequency, targetColumn, inputLength, weights);
  }

  public EvaluationParams withTargetColumn(String column) {
    return new EvaluationParams(evaluationWindow, frequency, column, inputLength, weights);
  }

  public EvaluationParams withInputLength(Integer length) {
    return new EvaluationParams(evaluationWindow, frequency, targetColumn, length, weights);
  }

  public EvaluationParams withWeights(ScoringWeights w) {
    return new EvaluationParams(evaluationWindow, frequency, targetColumn, inputLength, w);
  }
}
