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
 *       rows and refitted periodically on trailing rows; one-step forecasts for every row.
 *   <li>Scoring: the window score of spec A4 over the last rows (actual vs one-step forecast), with
 *       the forecaster's residual scale as per-point sigma and the history statistics of the
 *       trailing rows.
 *   <li>Calibration: the anomaly likelihood of those window scores, log-scaled; a value outside the
 *       range seen so far (with a tolerance) scores 1.
 * </ol>
 *
 * Every score uses only rows up to its own. Model parameters fitted on the probation rows are used
 * from the row after them; the probation rows themselves are never scored by NAB.
 */
public final class NabDetector implements RowDetector {
  /** Tunable settings; {@link #DEFAULT} is what {@code assay eval nab} runs. */
  public record Settings(
      int window,
      int refitEvery,
      int fitRows,
      int averagingWindow,
      double spatialTolerance,
      boolean useLikelihood) {}

  public static final Settings DEFAULT = new Settings(3, 1000, 3000, 10, 0.05, true);

  private static final int STATS_EVERY = 100;
  private static final int STATS_ROWS = 1000;

  private final Settings settings;

  public NabDetector() {
    this(DEFAULT);
  }

  public NabDetector(Settings settings) {
    this.settings = settings;
  }

  /** Scores every row of a file. */
  @Override
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
    HoltWinters.Parameters params = fit(y, 0, probation, season).parameters();
    int m = effectiveSeason(probation, season);
    // The filter runs from the first row with parameters fitted on the probation rows: its state
    // at row t depends on rows before t only.
    HoltWinters model = HoltWinters.withParameters(y, HoltWinters.minimumLength(m), m, params);
    int start = HoltWinters.minimumLength(m);
    double[] predicted = new double[n];
    double[] residualScale = new double[n];
    AnomalyLikelihood likelihood =
        new AnomalyLikelihood(settings.averagingWindow(), 8640, probation / 2, 100);
    HistoryStatistics stats = HistoryStatistics.of(Arrays.copyOfRange(y, 0, start));
    double sigma = model.sigma();
    int lastFit = probation;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int t = 0; t < start; t++) {
      min = Math.min(min, y[t]);
      max = Math.max(max, y[t]);
    }
    for (int t = start; t < n; t++) {
      if (t >= probation && t - lastFit >= settings.refitEvery()) {
        int from = Math.max(0, t - settings.fitRows());
        HoltWinters.Parameters p = fit(y, from, t, m).parameters();
        model = HoltWinters.withParameters(Arrays.copyOfRange(y, from, t), m, p);
        lastFit = t;
      }
      predicted[t] = model.oneStepForecast();
      residualScale[t] = sigma;
      double e = model.update(y[t]);
      sigma = Math.sqrt(0.99 * sigma * sigma + 0.01 * Math.min(e * e, 100 * sigma * sigma + 1e-12));
      if ((t - start) % STATS_EVERY == 0) {
        stats = HistoryStatistics.of(Arrays.copyOfRange(y, Math.max(0, t - STATS_ROWS), t));
      }
      int from = Math.max(start, t - settings.window() + 1);
      Double[] sigmas = new Double[t + 1 - from];
      for (int k = 0; k < sigmas.length; k++) {
        sigmas[k] = residualScale[from + k];
      }
      double raw =
          WindowScorer.score(y, predicted, from, t + 1, sigmas, stats, ScoringWeights.DEFAULT)
              .score();
      double score =
          settings.useLikelihood() ? AnomalyLikelihood.logScale(likelihood.update(raw)) : raw;
      double tolerance = (max - min) * settings.spatialTolerance();
      if (settings.spatialTolerance() > 0
          && max > min
          && (y[t] > max + tolerance || y[t] < min - tolerance)) {
        score = 1.0;
      }
      min = Math.min(min, y[t]);
      max = Math.max(max, y[t]);
      if (t >= probation) {
        out[t] = Math.max(0, Math.min(1, score));
      }
    }
    return out;
  }

  private static int effectiveSeason(int rows, int season) {
    return season > 1 && rows >= HoltWinters.minimumLength(season) ? season : 1;
  }

  private static HoltWinters fit(double[] y, int from, int to, int season) {
    return HoltWinters.fit(Arrays.copyOfRange(y, from, to), effectiveSeason(to - from, season));
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
