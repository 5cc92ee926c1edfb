package io.assay.algorithms.anomaly;

import io.assay.algorithms.forecast.SeriesValues;

/**
 * Parameters of a range scan (spec A6). {@code stride} and {@code evaluationWindow} null mean the
 * frequency defaults (A7). Defaults otherwise: frequency {@code hourly}, weights 1.0, smoothing
 * 0.5, t_high 0.6, t_low 0.4, merge_gap 1, area_min 1.0, peak_high 0.8.
 */
public record RangeParams(
    int detectionRange,
    String frequency,
    String targetColumn,
    Integer inputLength,
    Integer stride,
    Integer evaluationWindow,
    ScoringWeights weights,
    double tHigh,
    double tLow,
    int mergeGap,
    double areaMin,
    double peakHigh) {

  public RangeParams {
    if (targetColumn == null) {
      targetColumn = SeriesValues.DEFAULT_TARGET_COLUMN;
    }
    if (weights == null) {
      weights = ScoringWeights.DEFAULT;
    }
  }

  /** Reference defaults for a detection range over hourly data. */
  public static RangeParams of(int detectionRange) {
    return of(detectionRange, "hourly");
  }

  /** Reference defaults for a detection range and frequency. */
  public static RangeParams of(int detectionRange, String frequency) {
    return new RangeParams(
        detectionRange, frequency, null, null, null, null, null, 0.6, 0.4, 1, 1.0, 0.8);
  }

  public RangeParams withStride(Integer s) {
    return new RangeParams(
        detectionRange,
        frequency,
        targetColumn,
        inputLength,
        s,
        evaluationWindow,
        weights,
        tHigh,
        tLow,
        mergeGap,
        areaMin,
        peakHigh);
  }

  public RangeParams withEvaluationWindow(Integer w) {
    return new RangeParams(
        detectionRange,
        frequency,
        targetColumn,
        inputLength,
        stride,
        w,
        weights,
        tHigh,
        tLow,
        mergeGap,
        areaMin,
        peakHigh);
  }

  public RangeParams withTargetColumn(String column) {
    return new RangeParams(
        detectionRange,
        frequency,
        column,
        inputLength,
        stride,
        evaluationWindow,
        weights,
        tHigh,
        tLow,
        mergeGap,
        areaMin,
        peakHigh);
  }

  public RangeParams withInputLength(Integer length) {
    return new RangeParams(
        detectionRange,
        frequency,
        targetColumn,
        length,
        stride,
        evaluationWindow,
        weights,
        tHigh,
        tLow,
        mergeGap,
        areaMin,
        peakHigh);
  }

  public RangeParams withWeights(ScoringWeights w) {
    return new RangeParams(
        detectionRange,
        frequency,
        targetColumn,
        inputLength,
        stride,
        evaluationWindow,
        w,
        tHigh,
        tLow,
        mergeGap,
        areaMin,
        peakHigh);
  }

  /** Hysteresis thresholds and interval filter. */
  public RangeParams withIntervalRules(
      double tHigh, double tLow, int mergeGap, double areaMin, double peakHigh) {
    return new RangeParams(
        detectionRange,
        frequency,
        targetColumn,
        inputLength,
        stride,
        evaluationWindow,
        weights,
        tHigh,
        tLow,
        mergeGap,
        areaMin,
        peakHigh);
  }
}
