package io.assay.algorithms.anomaly.robust;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unusual periods against one-step-ahead robust baselines. The baseline model (robust trend, or
 * trend plus seasonal offsets when the history holds two cycles) is chosen by its one-step backtest
 * error on the history before the scanned window; that error scales the scores. Periods found
 * unusual are replaced by their baseline before later baselines are fitted, in the history and in
 * the window, so an incident never teaches the baseline (a long shift is accepted after {@link
 * RobustParams#maxHeld} periods).
 */
public final class RobustDetector {
  /** Fewest backtest errors for a model to be chosen on them. */
  static final int MIN_BACKTEST = 6;

  private static final double MAD_TO_SD = 1.4826;

  private RobustDetector() {}

  public static RobustScan scan(double[] values, int scanStart, RobustParams params) {
    int n = values.length;
    if (scanStart < 4 || scanStart > n) {
      throw new IllegalArgumentException(
          "a scan needs at least 4 periods of history, got " + scanStart);
    }
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("the series holds a non-finite value");
      }
    }
    int m = params.season();
    boolean seasonal = m >= 2 && scanStart - 2 * m >= MIN_BACKTEST;
    int common = seasonal ? 2 * m : Math.min(scanStart - MIN_BACKTEST, 6);
    common = Math.max(3, common);
    Map<BaselineModel, Double> errors = new LinkedHashMap<>();
    Map<BaselineModel, double[]> cleaned = new LinkedHashMap<>();
    BaselineModel chosen = null;
    for (BaselineModel model : BaselineModel.candidates(seasonal ? m : 0)) {
      double[] c = values.clone();
      double e = backtest(c, common, scanStart, model, m, params.enter(), 0);
      errors.put(model, e);
      cleaned.put(model, c);
      // A seasonal model must beat the plain ones clearly: it has more to estimate.
      double bar = model.seasonal() ? 0.9 * errors.get(chosen) : errors.getOrDefault(chosen, 0.0);
      if (chosen == null || e < bar) {
        chosen = model;
      }
    }
    int from = seasonal && !chosen.seasonal() ? 6 : chosen.seasonal() ? 2 * m : common;
    // Noise that grows with the level (counts, a growing business) is measured relative to it.
    double power = power(cleaned.get(chosen), from, scanStart, chosen, m);
    double[] clean = values.clone();
    double error = backtest(clean, from, scanStart, chosen, m, params.enter(), power);
    double sigma = power == 0 ? Math.max(error, floor(values, scanStart)) : Math.max(error, 1e-9);

    double[] baseline = new double[n];
    double[] score = new double[n];
    Arrays.fill(baseline, 0, scanStart, Double.NaN);
    Arrays.fill(score, 0, scanStart, Double.NaN);
    int held = 0;
    for (int t = scanStart; t < n; t++) {
      double b = chosen.predict(clean, t, m);
      baseline[t] = b;
      double z = (values[t] - b) / (sigma * scale(b, power));
      score[t] = z * (z < 0 ? params.dropWeight() : params.riseWeight());
      if (Math.abs(score[t]) >= params.enter() && held < params.maxHeld()) {
        clean[t] = b;
        held++;
      } else if (Math.abs(score[t]) < params.enter()) {
        held = 0;
      }
    }
    return new RobustScan(
        chosen,
        chosen.seasonal() ? m : 0,
        power,
        scanStart,
        sigma,
        baseline,
        score,
        intervals(score, scanStart, params),
        errors);
  }

  /**
   * One-step errors of {@code model} over [from, to) in two passes: the first on the raw values
   * sets a scale, the second replaces values beyond {@code enter} scales by their baseline in
   * {@code x} (so later fits skip them). Returns 1.4826 × the median absolute error of the second.
   */
  static double backtest(
      double[] x, int from, int to, BaselineModel model, int m, double enter, double power) {
    int start = Math.max(from, model.minHistory(m));
    int k = to - start;
    if (k <= 0) {
      return 0;
    }
    double[] err = new double[k];
    for (int t = start; t < to; t++) {
      double b = model.predict(x, t, m);
      err[t - start] = Math.abs(x[t] - b) / scale(b, power);
    }
    double first = MAD_TO_SD * BaselineModel.median(err, k);
    for (int t = start; t < to; t++) {
      double b = model.predict(x, t, m);
      err[t - start] = Math.abs(x[t] - b) / scale(b, power);
      if (first > 0 && err[t - start] > enter * first) {
        x[t] = b;
      }
    }
    return MAD_TO_SD * BaselineModel.median(err, k);
  }

  /**
   * How the one-step error grows with the level: the Theil-Sen slope of log |error| on log
   * |baseline| over the history, rounded to 0 (constant noise), 1/2 (counts) or 1 (proportional
   * noise). 0 unless every baseline is positive and there are enough errors to tell.
   */
  static double power(double[] x, int from, int to, BaselineModel model, int m) {
    int start = Math.max(from, model.minHistory(m));
    int k = 0;
    double[] lb = new double[Math.max(0, to - start)];
    double[] le = new double[lb.length];
    for (int t = start; t < to; t++) {
      double b = model.predict(x, t, m);
      double e = Math.abs(x[t] - b);
      if (!(b > 0)) {
        return 0;
      }
      if (e > 0) {
        lb[k] = Math.log(b);
        le[k] = Math.log(e);
        k++;
      }
    }
    if (k < 2 * MIN_BACKTEST) {
      return 0;
    }
    double[] slopes = new double[k * (k - 1) / 2];
    int s = 0;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        if (lb[j] != lb[i]) {
          slopes[s++] = (le[j] - le[i]) / (lb[j] - lb[i]);
        }
      }
    }
    if (s == 0) {
      return 0;
    }
    double slope = BaselineModel.median(slopes, s);
    return Math.round(2 * Math.max(0, Math.min(1, slope))) / 2.0;
  }

  /** What an error is divided by: the baseline to the power (1 when the power is 0). */
  static double scale(double baseline, double power) {
    return power == 0 ? 1 : Math.pow(Math.max(Math.abs(baseline), 1e-9), power);
  }

  /** A flat history still gets a scale: a thousandth of its typical level. */
  private static double floor(double[] values, int scanStart) {
    double[] a = new double[scanStart];
    for (int i = 0; i < scanStart; i++) {
      a[i] = Math.abs(values[i]);
    }
    return Math.max(1e-9, 1e-3 * BaselineModel.median(a, scanStart));
  }

  /** Runs of one sign at or beyond {@code exit} holding a period at or beyond {@code enter}. */
  static List<ScoredInterval> intervals(double[] score, int scanStart, RobustParams p) {
    List<ScoredInterval> out = new ArrayList<>();
    int n = score.length;
    int t = scanStart;
    while (t < n) {
      if (Math.abs(score[t]) < p.exit()) {
        t++;
        continue;
      }
      double sign = Math.signum(score[t]);
      int start = t;
      int peak = t;
      while (t < n && Math.abs(score[t]) >= p.exit() && Math.signum(score[t]) == sign) {
        if (Math.abs(score[t]) > Math.abs(score[peak])) {
          peak = t;
        }
        t++;
      }
      if (Math.abs(score[peak]) >= p.enter()) {
        out.add(new ScoredInterval(start, t - 1, peak, Math.abs(score[peak]), score[peak]));
      }
    }
    out.sort(Comparator.comparingDouble(ScoredInterval::score).reversed());
    return out;
  }
}
