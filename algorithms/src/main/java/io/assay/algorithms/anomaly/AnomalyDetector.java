package io.assay.algorithms.anomaly;

import io.assay.algorithms.forecast.ForecastRequest;
import io.assay.algorithms.forecast.ForecastResult;
import io.assay.algorithms.forecast.Forecaster;
import io.assay.algorithms.forecast.PyFloat;
import io.assay.algorithms.forecast.SeriesValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Forecast-based anomaly scoring: {@link #evaluate} scores the most recent window (spec A5, the
 * reference's {@code evaluate_anomalies}); {@link #scanRange} scans the last {@code R} points with
 * block forecasts and returns anomalous intervals (spec A6, {@code detect_anomaly_range}).
 *
 * <p>Errors never throw: they come back as outcomes with score 0 and an error message, which the
 * tool layer turns into a one-line report.
 */
public final class AnomalyDetector {
  static final String SERVICE_UNAVAILABLE =
      "Time Series Forecasting Service Unavailable. Cannot perform anomaly detection.";

  private final Forecaster forecaster;

  public AnomalyDetector(Forecaster forecaster) {
    if (forecaster == null) {
      throw new IllegalArgumentException("forecaster must not be null");
    }
    this.forecaster = forecaster;
  }

  /**
   * Scores the last {@code evaluationWindow} rows of {@code input} against a forecast from the rows
   * before them. {@code input} holds numbers or rows (maps); null is treated as empty.
   */
  public EvaluationOutcome evaluate(List<?> input, EvaluationParams params) {
    List<?> rows = input == null ? List.of() : input;
    int w = params.evaluationWindow();
    if (w < 1) {
      // [BUG?] in the reference W <= 0 slices the history away; rejected up front instead.
      return new EvaluationOutcome.Failed(
          "evaluation_window (" + w + ") must be a positive integer.");
    }
    if (rows.isEmpty() || rows.size() <= w) {
      return new EvaluationOutcome.Failed(
          "Input data length ("
              + rows.size()
              + ") must be greater than evaluation window ("
              + w
              + ").");
    }
    if (!forecaster.health().healthy()) {
      return new EvaluationOutcome.Failed(SERVICE_UNAVAILABLE);
    }
    List<?> historyRows = rows.subList(0, rows.size() - w);
    double[] history = SeriesValues.extract(historyRows, params.targetColumn());
    double[] actual =
        SeriesValues.extract(rows.subList(rows.size() - w, rows.size()), params.targetColumn());
    if (history.length == 0 || actual.length == 0) {
      return new EvaluationOutcome.Failed("Could not extract numeric values from input data.");
    }
    ForecastResult result =
        forecaster.forecast(
            new ForecastRequest(
                historyRows, w, params.frequency(), params.inputLength(), params.targetColumn()));
    if (result instanceof ForecastResult.Failure failure) {
      return new EvaluationOutcome.Failed(
          "Forecasting Error during anomaly detection: "
              + (failure.error() == null ? "Unknown error" : failure.error()));
    }
    ForecastResult.Success success = (ForecastResult.Success) result;
    List<Double> predictions = success.predictions();
    if (predictions.isEmpty() || predictions.size() != actual.length) {
      return new EvaluationOutcome.Failed(
          "Mismatch between predicted values ("
              + predictions.size()
              + ") and evaluation window size ("
              + actual.length
              + ").");
    }
    double[] predicted = new double[predictions.size()];
    for (int i = 0; i < predicted.length; i++) {
      Double p = predictions.get(i);
      if (p == null) {
        return new EvaluationOutcome.Failed(
            "Forecast returned a non-numeric prediction at position " + (i + 1) + ".");
      }
      predicted[i] = p;
    }
    Double[] sigmas = null;
    List<Double> std = success.predictionStd();
    if (std != null && std.size() == predictions.size()) {
      // [BUG?] null or non-finite elements crash the reference; here they fall back to sigma.
      sigmas = std.toArray(new Double[0]);
    }
    return new EvaluationOutcome.Scored(
        WindowScorer.score(
            actual,
            predicted,
            0,
            actual.length,
            sigmas,
            HistoryStatistics.of(history),
            params.weights()));
  }

  /**
   * Scans the last {@code detectionRange} rows of {@code input}: block forecasts of {@code stride}
   * points, each from all rows before the block; a severity curve from window scores; hysteresis
   * segmentation, merging and filtering into intervals.
   */
  public RangeOutcome scanRange(List<?> input, RangeParams params) {
    List<?> rows = input == null ? List.of() : input;
    FrequencyDefaults defaults = FrequencyDefaults.of(params.frequency());
    int w =
        params.evaluationWindow() != null ? params.evaluationWindow() : defaults.evaluationWindow();
    int stride = params.stride() != null ? params.stride() : defaults.stride();
    int range = params.detectionRange();
    if (range <= 0) {
      return new RangeOutcome.Failed("detection_range (" + range + ") must be positive.");
    }
    if (stride < 1) {
      // [BUG?] the reference loops forever on stride <= 0; rejected instead.
      return new RangeOutcome.Failed("stride (" + stride + ") must be a positive integer.");
    }
    if (w < 1) {
      return new RangeOutcome.Failed("evaluation_window (" + w + ") must be a positive integer.");
    }
    String badRule = intervalRuleProblem(params);
    if (badRule != null) {
      return new RangeOutcome.Failed(badRule);
    }
    if (rows.isEmpty() || rows.size() <= range) {
      return new RangeOutcome.Failed(
          "Input data length ("
              + rows.size()
              + ") must be greater than detection_range ("
              + range
              + ") to provide forecast history.");
    }
    if (!forecaster.health().healthy()) {
      return new RangeOutcome.Failed(SERVICE_UNAVAILABLE);
    }
    int scanStart = rows.size() - range;
    double[] history = SeriesValues.extract(rows.subList(0, scanStart), params.targetColumn());
    double[] actual =
        SeriesValues.extract(rows.subList(scanStart, rows.size()), params.targetColumn());
    if (history.length == 0 || actual.length != range) {
      return new RangeOutcome.Failed(
          "Could not extract a continuous numeric series for the detection range.");
    }

    double[] predicted = new double[range];
    boolean[] hasPrediction = new boolean[range];
    List<FailedBlock> failedBlocks = new ArrayList<>();
    int calls = 0;
    for (int offset = 0; offset < range; offset += stride) {
      int horizon = Math.min(stride, range - offset);
      calls++;
      ForecastResult result =
          forecaster.forecast(
              new ForecastRequest(
                  rows.subList(0, scanStart + offset),
                  horizon,
                  params.frequency(),
                  params.inputLength(),
                  params.targetColumn()));
      if (result instanceof ForecastResult.Failure failure) {
        failedBlocks.add(
            new FailedBlock(
                offset,
                offset + horizon - 1,
                failure.error() == null ? "Unknown error" : failure.error()));
        continue;
      }
      List<Double> values = ((ForecastResult.Success) result).predictions();
      int used = Math.min(values.size(), horizon);
      for (int k = 0; k < used; k++) {
        Double p = PyFloat.parse(values.get(k));
        if (p != null) {
          predicted[offset + k] = p;
          hasPrediction[offset + k] = true;
        }
      }
      if (used < horizon) {
        failedBlocks.add(
            new FailedBlock(
                offset + used,
                offset + horizon - 1,
                "Service returned only " + used + " of " + horizon + " predictions"));
      }
    }
    boolean any = false;
    for (boolean b : hasPrediction) {
      any |= b;
    }
    if (!any) {
      return new RangeOutcome.Failed(
          "All block forecasts failed during range anomaly detection.", failedBlocks);
    }
    return intervals(
        rows,
        scanStart,
        actual,
        predicted,
        hasPrediction,
        HistoryStatistics.of(history),
        params,
        w,
        stride,
        calls,
        failedBlocks);
  }

  /**
   * Severity curve, hysteresis, merge, filter and interval assembly for given predictions. Public
   * for callers (and benchmarks) that already hold the forecast for the scan.
   */
  public static RangeOutcome.Scanned intervals(
      List<?> rows,
      int scanStart,
      double[] actual,
      double[] predicted,
      boolean[] hasPrediction,
      HistoryStatistics history,
      RangeParams params,
      int evaluationWindow,
      int stride,
      int forecastCalls,
      List<FailedBlock> failedBlocks) {
    int range = actual.length;
    double[] severity = new double[range];
    Direction[] direction = new Direction[range];
    int runStart = 0;
    for (int i = 0; i < range; i++) {
      if (!hasPrediction[i]) {
        severity[i] = 0.0;
        direction[i] = Direction.NONE;
        runStart = i + 1;
        continue;
      }
      int from = Math.max(Math.max(0, i - evaluationWindow + 1), runStart);
      severity[i] =
          WindowScorer.scoreOnly(actual, predicted, from, i + 1, history, params.weights());
      direction[i] = actual[i] < predicted[i] ? Direction.DROP : Direction.RISE;
    }

    List<int[]> raw = hysteresis(severity, params.tHigh(), params.tLow());
    List<int[]> merged = new ArrayList<>();
    for (int[] interval : raw) {
      if (!merged.isEmpty()) {
        int[] previous = merged.get(merged.size() - 1);
        if (interval[0] - previous[1] - 1 <= params.mergeGap()) {
          previous[1] = interval[1];
          continue;
        }
      }
      merged.add(interval.clone());
    }

    List<AnomalyInterval> kept = new ArrayList<>();
    double score = 0.0;
    for (int[] interval : merged) {
      int s = interval[0];
      int e = interval[1];
      double area = 0;
      double peak = Double.NEGATIVE_INFINITY;
      int peakIndex = s;
      double dropMass = 0;
      double riseMass = 0;
      List<IntervalPoint> points = new ArrayList<>(e - s + 1);
      for (int i = s; i <= e; i++) {
        area += severity[i];
        if (severity[i] > peak) {
          peak = severity[i];
          peakIndex = i;
        }
        if (direction[i] == Direction.DROP) {
          dropMass += severity[i];
        } else if (direction[i] == Direction.RISE) {
          riseMass += severity[i];
        }
        points.add(
            new IntervalPoint(
                i, actual[i], hasPrediction[i] ? predicted[i] : null, severity[i], direction[i]));
      }
      if (area < params.areaMin() && peak < params.peakHigh()) {
        continue;
      }
      int length = e - s + 1;
      kept.add(
          new AnomalyInterval(
              s,
              e,
              scanStart + s,
              scanStart + e,
              SeriesValues.timestampOf(rows.get(scanStart + s)),
              SeriesValues.timestampOf(rows.get(scanStart + e)),
              length,
              peak,
              peakIndex,
              SeriesValues.timestampOf(rows.get(scanStart + peakIndex)),
              area / length,
              area,
              dropMass >= riseMass ? Direction.DROP : Direction.RISE,
              points));
      score = Math.max(score, peak);
    }
    return new RangeOutcome.Scanned(
        score,
        range,
        params.frequency(),
        stride,
        evaluationWindow,
        forecastCalls,
        scanStart,
        severity,
        kept,
        failedBlocks);
  }

  /** Opens at severity >= tHigh, closes before the first later point below tLow. */
  static List<int[]> hysteresis(double[] severity, double tHigh, double tLow) {
    List<int[]> out = new ArrayList<>();
    int open = -1;
    for (int i = 0; i < severity.length; i++) {
      if (open < 0) {
        if (severity[i] >= tHigh) {
          open = i;
        }
      } else if (severity[i] < tLow) {
        out.add(new int[] {open, i - 1});
        open = -1;
      }
    }
    if (open >= 0) {
      out.add(new int[] {open, severity.length - 1});
    }
    return Collections.unmodifiableList(out);
  }

  private static String intervalRuleProblem(RangeParams p) {
    if (!Double.isFinite(p.tHigh())
        || !Double.isFinite(p.tLow())
        || !Double.isFinite(p.areaMin())
        || !Double.isFinite(p.peakHigh())) {
      return "t_high, t_low, area_min and peak_high must be finite numbers.";
    }
    return null;
  }
}
