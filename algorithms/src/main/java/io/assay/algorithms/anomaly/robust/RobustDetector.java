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
      double e = backtest(c, common, scanStart, model, m, params.enter());
      errors.put(model, e);
      cleaned.put(model, c);
      // A seasonal model must beat the plain ones clearly: it has more to estimate.
      double bar = model.seasonal() ? 0.9 * errors.get(chosen) : errors.getOrDefault(chosen, 0.0);
      if (chosen == null || e < bar) {
        chosen = model;
      }
    }
    double[] clean = cleaned.get(chosen);
    double error = errors.get(chosen);
    if (seasonal && !chosen.seasonal()) {
      // Chosen on the range every candidate could predict; scaled on all the history it can.
      clean = values.clone();
      error = backtest(clean, 6, scanStart, chosen, m, params.enter());
    }
    double sigma = Math.max(error, floor(values, scanStart));

    double[] baseline = new double[n];
    double[] score = new double[n];
    Arrays.fill(baseline, 0, scanStart, Double.NaN);
    Arrays.fill(score, 0, scanStart, Double.NaN);
    int held = 0;
    for (int t = scanStart; t < n; t++) {
      double b = chosen.predict(clean, t, m);
      baseline[t] = b;
      score[t] = (values[t] - b) / sigma;
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
  static double backtest(double[] x, int from, int to, BaselineModel model, int m, double enter) {
    int start = Math.max(from, model.minHistory(m));
    int k = to - start;
    if (k <= 0) {
      return 0;
    }
    double[] err = new double[k];
    for (int t = start; t < to; t++) {
      err[t - start] = Math.abs(x[t] - model.predict(x, t, m));
    }
    double first = MAD_TO_SD * BaselineModel.median(err, k);
    for (int t = start; t < to; t++) {
      double b = model.predict(x, t, m);
      err[t - start] = Math.abs(x[t] - b);
      if (first > 0 && err[t - start] > enter * first) {
        x[t] = b;
      }
    }
    return MAD_TO_SD * BaselineModel.median(err, k);
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
