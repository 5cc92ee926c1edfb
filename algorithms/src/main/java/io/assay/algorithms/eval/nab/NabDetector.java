package io.assay.algorithms.eval.nab;

import io.assay.algorithms.anomaly.AnomalyLikelihood;
import io.assay.algorithms.anomaly.HistoryStatistics;
import io.assay.algorithms.anomaly.ScoringWeights;
import io.assay.algorithms.anomaly.WindowScorer;
import io.assay.algorithms.forecast.HoltWinters;
import io.assay.algorithms.forecast.SeasonDetector;
import java.time.Duration;
import java.util.Arrays;

/**
 * Our detector as NAB runs it: causal, one anomaly score in [0, 1] per row.
 *
 * <ol>
 *   <li>Forecaster: damped Holt-Winters with the season detected by ACF, fitted on the probation
 *       rows and refitted periodically on trailing rows; one-step forecasts for every later row.
 *   <li>Scoring: the window score of spec A4 over the last rows (actual vs one-step forecast), with
 *       the forecaster's residual scale as per-point sigma and the history statistics of the
 *       trailing rows.
 *   <li>Calibration: the anomaly likelihood of those window scores, log-scaled.
 * </ol>
 *
 * Every step uses only rows up to the current one. Rows in probation get 0 (NAB ignores them).
 */
public final class NabDetector {
  private static final int WINDOW = 3;
  private static final int REFIT_EVERY = 1000;
  private static final int FIT_ROWS = 3000;
  private static final int STATS_EVERY = 100;
  private static final int STATS_ROWS = 1000;

  /** Scores every row of a file. */
  public double[] score(NabFile file) {
    double[] y = file.values();
    int n = y.length;
    double[] out = new double[n];
    int probation = Math.max(file.probationLength(), 8);
    if (n <= probation) {
      return out;
    }
    String frequency = frequencyOf(file);
    int season = SeasonDetector.detect(Arrays.copyOf(y, probation), frequency);
    HoltWinters model = fit(y, 0, probation, season);
    double[] predicted = new double[n];
    double[] residualScale = new double[n];
    AnomalyLikelihood likelihood = new AnomalyLikelihood(10, 8640, 0, 100);
    HistoryStatistics stats = HistoryStatistics.of(Arrays.copyOfRange(y, 0, probation));
    double sigma = model.sigma();
    int lastFit = probation;
    for (int t = probation; t < n; t++) {
      if (t - lastFit >= REFIT_EVERY) {
        int from = Math.max(0, t - FIT_ROWS);
        model = fit(y, from, t, season);
        lastFit = t;
      }
      predicted[t] = model.oneStepForecast();
      residualScale[t] = sigma;
      double e = model.update(y[t]);
      // Residual scale: slow exponential average of squared errors, for the next rows.
      sigma = Math.sqrt(0.99 * sigma * sigma + 0.01 * Math.min(e * e, 100 * sigma * sigma + 1e-12));
      if ((t - probation) % STATS_EVERY == 0) {
        stats = HistoryStatistics.of(Arrays.copyOfRange(y, Math.max(0, t - STATS_ROWS), t));
      }
      int from = Math.max(probation, t - WINDOW + 1);
      Double[] sigmas = new Double[t + 1 - from];
      for (int k = 0; k < sigmas.length; k++) {
        sigmas[k] = residualScale[from + k];
      }
      double raw =
          WindowScorer.score(y, predicted, from, t + 1, sigmas, stats, ScoringWeights.DEFAULT)
              .score();
      out[t] = AnomalyLikelihood.logScale(likelihood.update(raw));
    }
    return out;
  }

  private static HoltWinters fit(double[] y, int from, int to, int season) {
    double[] window = Arrays.copyOfRange(y, from, to);
    int m = season > 1 && window.length >= HoltWinters.minimumLength(season) ? season : 1;
    return HoltWinters.fit(window, m);
  }

  /** A frequency string from the median spacing of the timestamps (a hint for the season). */
  static String frequencyOf(NabFile file) {
    int n = Math.min(file.size(), 200);
    if (n < 2) {
      return "";
    }
    long[] steps = new long[n - 1];
    for (int i = 1; i < n; i++) {
      steps[i - 1] =
          Duration.between(file.timestamps().get(i - 1), file.timestamps().get(i)).toSeconds();
    }
    Arrays.sort(steps);
    long step = steps[steps.length / 2];
    if (step <= 0) {
      return "";
    }
    if (step < 3600) {
      return Math.max(1, step / 60) + "min";
    }
    if (step < 86400) {
      return "hourly";
    }
    return "daily";
  }
}
