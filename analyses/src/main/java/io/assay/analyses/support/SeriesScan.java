package io.assay.analyses.support;

import io.assay.algorithms.anomaly.AnomalyDetector;
import io.assay.algorithms.anomaly.AnomalyInterval;
import io.assay.algorithms.anomaly.FailedBlock;
import io.assay.algorithms.anomaly.FrequencyDefaults;
import io.assay.algorithms.anomaly.HistoryStatistics;
import io.assay.algorithms.anomaly.RangeOutcome;
import io.assay.algorithms.anomaly.RangeParams;
import io.assay.algorithms.anomaly.ScoringWeights;
import io.assay.algorithms.forecast.ForecastRequest;
import io.assay.algorithms.forecast.ForecastResult;
import io.assay.algorithms.forecast.Forecaster;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The anomaly range scan of the spec (A6) over the last {@code range} points of a series, done here
 * rather than by {@link AnomalyDetector#scanRange} so that the block forecasts (baseline and its
 * standard deviation) are kept for the chart and for the drill-down: the same blocks, the same
 * history prefixes, then {@link AnomalyDetector#intervals} for severity, hysteresis and filtering.
 */
public final class SeriesScan {
  private SeriesScan() {}

  /**
   * A finished scan.
   *
   * @param baseline forecast per scanned point (NaN where its block failed)
   * @param std forecast standard deviation per scanned point (NaN when unknown)
   * @param outcome the detector's result; {@link RangeOutcome.Failed} with the reason otherwise
   * @param models forecaster sources used, e.g. "Holt-Winters with a damped trend (season of 12)"
   */
  public record Result(
      int scanStart,
      double[] baseline,
      double[] std,
      boolean[] hasBaseline,
      RangeOutcome outcome,
      Set<String> models) {

    public boolean scanned() {
      return outcome instanceof RangeOutcome.Scanned;
    }

    public RangeOutcome.Scanned scan() {
      return (RangeOutcome.Scanned) outcome;
    }

    /** The kept interval with the highest peak, or null. */
    public AnomalyInterval top() {
      if (!scanned()) {
        return null;
      }
      AnomalyInterval best = null;
      for (AnomalyInterval i : scan().intervals()) {
        if (best == null || i.peak() > best.peak()) {
          best = i;
        }
      }
      return best;
    }
  }

  /**
   * Scans {@code values[scanStart..]} against block forecasts from everything before each block.
   *
   * @param periods ISO period of each value, passed to the detector as row timestamps
   */
  public static Result run(
      double[] values,
      List<String> periods,
      int scanStart,
      String frequency,
      Forecaster forecaster,
      ScoringWeights weights) {
    int range = values.length - scanStart;
    if (range < 1 || scanStart < 1) {
      throw new IllegalArgumentException(
          "a scan needs history before it and at least one point to scan (history "
              + scanStart
              + ", scan "
              + range
              + ")");
    }
    List<Map<String, Object>> rows = new ArrayList<>(values.length);
    for (int i = 0; i < values.length; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("period", periods.get(i));
      row.put("value", values[i]);
      rows.add(row);
    }
    RangeParams params = RangeParams.of(range, frequency).withWeights(weights);
    FrequencyDefaults defaults = FrequencyDefaults.of(frequency);
    int stride = defaults.stride();
    int window = defaults.evaluationWindow();

    double[] actual = java.util.Arrays.copyOfRange(values, scanStart, values.length);
    double[] predicted = new double[range];
    double[] std = new double[range];
    boolean[] has = new boolean[range];
    java.util.Arrays.fill(predicted, Double.NaN);
    java.util.Arrays.fill(std, Double.NaN);
    List<FailedBlock> failed = new ArrayList<>();
    Set<String> models = new LinkedHashSet<>();
    int calls = 0;
    for (int offset = 0; offset < range; offset += stride) {
      int horizon = Math.min(stride, range - offset);
      calls++;
      ForecastResult result =
          forecaster.forecast(
              new ForecastRequest(
                  rows.subList(0, scanStart + offset), horizon, frequency, null, "value"));
      if (result instanceof ForecastResult.Failure f) {
        failed.add(new FailedBlock(offset, offset + horizon - 1, String.valueOf(f.error())));
        continue;
      }
      ForecastResult.Success s = (ForecastResult.Success) result;
      models.add(s.source());
      for (int k = 0; k < Math.min(horizon, s.predictions().size()); k++) {
        Double p = s.predictions().get(k);
        if (p != null && Double.isFinite(p)) {
          predicted[offset + k] = p;
          has[offset + k] = true;
          Double sd = s.predictionStd() == null ? null : s.predictionStd().get(k);
          std[offset + k] = sd == null || !Double.isFinite(sd) ? Double.NaN : sd;
        }
      }
    }
    boolean any = false;
    for (boolean b : has) {
      any |= b;
    }
    RangeOutcome outcome;
    if (!any) {
      outcome =
          new RangeOutcome.Failed(
              "every block forecast failed: "
                  + (failed.isEmpty() ? "no predictions" : failed.get(0).error()),
              failed);
    } else {
      double[] filled = predicted.clone();
      for (int i = 0; i < filled.length; i++) {
        if (!has[i]) {
          filled[i] = 0.0;
        }
      }
      double[] history = java.util.Arrays.copyOf(values, scanStart);
      outcome =
          AnomalyDetector.intervals(
              rows,
              scanStart,
              actual,
              filled,
              has,
              HistoryStatistics.of(history),
              params,
              window,
              stride,
              calls,
              failed);
    }
    return new Result(scanStart, predicted, std, has, outcome, models);
  }
}
