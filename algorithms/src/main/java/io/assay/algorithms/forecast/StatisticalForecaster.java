package io.assay.algorithms.forecast;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The in-process forecaster: seasonal naive and additive damped Holt-Winters (plus their
 * non-seasonal forms, naive and damped Holt), with the season length detected by {@link
 * SeasonDetector}, and the model chosen per series by a rolling-origin backtest (lowest mean
 * absolute error over the last few origins; ties go to the simpler model). Every forecast carries
 * per-point standard deviations.
 *
 * <p>Honours the {@link Forecaster} contract: invalid rows are skipped by {@link SeriesValues}, an
 * {@code inputLength} keeps only the last that many values. It does not left-pad short histories
 * with zeros the way the remote transformer service does: a statistical model would take the zeros
 * as observations.
 */
public final class StatisticalForecaster implements Forecaster {
  /** Number of rolling origins in the backtest. */
  static final int ORIGINS = 4;

  private static final ForecasterHealth HEALTHY = new ForecasterHealth(true, null);

  @Override
  public ForecasterHealth health() {
    return HEALTHY;
  }

  @Override
  public ForecastResult forecast(ForecastRequest request) {
    if (request.horizon() < 1) {
      return new ForecastResult.Failure(
          ForecastResult.Status.ERROR,
          "Forecast horizon (" + request.horizon() + ") must be at least 1.");
    }
    double[] values = SeriesValues.extract(request.historyRows(), request.targetColumn());
    if (request.inputLength() != null
        && request.inputLength() > 0
        && values.length > request.inputLength()) {
      values = Arrays.copyOfRange(values, values.length - request.inputLength(), values.length);
    }
    if (values.length == 0) {
      return new ForecastResult.Failure(
          ForecastResult.Status.ERROR, "No numeric values in the history; nothing to forecast.");
    }
    Forecast f = forecast(values, request.horizon(), request.frequency());
    List<Double> mean = new ArrayList<>(f.mean().length);
    List<Double> std = new ArrayList<>(f.std().length);
    for (int i = 0; i < f.mean().length; i++) {
      mean.add(f.mean()[i]);
      std.add(f.std()[i]);
    }
    // Without at least 3 points the spread is unknown: say so (absent std) instead of claiming 0.
    return new ForecastResult.Success(mean, values.length >= 3 ? std : null, f.model());
  }

  /**
   * Forecasts {@code horizon} points after {@code history} (finite values, at least one).
   *
   * @param frequency the frequency string, used only as a hint for the season length
   */
  public Forecast forecast(double[] history, int horizon, String frequency) {
    if (history.length == 0) {
      throw new IllegalArgumentException("history must hold at least one value");
    }
    if (horizon < 1) {
      throw new IllegalArgumentException("horizon must be at least 1, got " + horizon);
    }
    for (double v : history) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("history must hold finite values only");
      }
    }
    int season = SeasonDetector.detect(history, frequency);
    List<Model> candidates = candidates(history.length, season);
    int n = history.length;
    int step = Math.max(1, Math.min(horizon, n / (ORIGINS + 2)));
    Model best = candidates.get(0);
    double bestError = Double.MAX_VALUE;
    int firstOrigin = n - step * ORIGINS;
    for (Model model : candidates) {
      if (firstOrigin < model.minimumLength()) {
        continue;
      }
      double error = model.backtest(history, firstOrigin, step);
      if (error < bestError - 1e-12 * Math.abs(bestError)) {
        bestError = error;
        best = model;
      }
    }
    double[][] fc = best.forecast(history, history.length, horizon);
    return new Forecast(fc[0], fc[1], best.name(), best.season(), bestError);
  }

  private static List<Model> candidates(int n, int season) {
    List<Model> out = new ArrayList<>();
    out.add(new SeasonalNaive(1));
    if (season > 1 && n >= season + 1) {
      out.add(new SeasonalNaive(season));
    }
    if (n >= HoltWinters.minimumLength(1)) {
      out.add(new HoltWintersModel(1));
    }
    if (season > 1 && n >= HoltWinters.minimumLength(season)) {
      out.add(new HoltWintersModel(season));
    }
    return out;
  }

  /** A candidate model: forecasts from the first n points of a series. */
  private interface Model {
    /** Its name as reports quote it: "Holt's damped trend". */
    String name();

    int season();

    int minimumLength();

    /** {mean, std} for the horizon, from the first {@code n} points. */
    double[][] forecast(double[] y, int n, int horizon);

    /** Mean absolute error over origins firstOrigin, firstOrigin+step, ... each predicting step. */
    default double backtest(double[] y, int firstOrigin, int step) {
      double total = 0;
      int count = 0;
      for (int origin = firstOrigin; origin + step <= y.length; origin += step) {
        double[] mean = forecast(y, origin, step)[0];
        for (int h = 0; h < step; h++) {
          total += Math.abs(y[origin + h] - mean[h]);
          count++;
        }
      }
      return count == 0 ? Double.MAX_VALUE : total / count;
    }
  }

  /** Repeats the last season (naive when season is 1); std from the seasonal differences. */
  private record SeasonalNaive(int season) implements Model {
    @Override
    public String name() {
      return season == 1
          ? "the last value (naive)"
          : "the value a season earlier (seasonal naive, season of " + season + ")";
    }

    @Override
    public int minimumLength() {
      return season + 1;
    }

    @Override
    public double[][] forecast(double[] y, int n, int horizon) {
      double[] mean = new double[horizon];
      double[] std = new double[horizon];
      double sse = 0;
      int count = 0;
      for (int t = season; t < n; t++) {
        double e = y[t] - y[t - season];
        sse += e * e;
        count++;
      }
      double sigma = count > 0 ? Math.sqrt(sse / count) : 0;
      int m = Math.min(season, n);
      for (int h = 1; h <= horizon; h++) {
        mean[h - 1] = y[n - m + (h - 1) % m];
        std[h - 1] = sigma * Math.sqrt((h - 1) / m + 1);
      }
      return new double[][] {mean, std};
    }
  }

  /** Damped Holt-Winters; backtest fits once at the first origin, then filters forward. */
  private record HoltWintersModel(int season) implements Model {
    @Override
    public String name() {
      return season == 1
          ? "Holt's damped trend"
          : "Holt-Winters with a damped trend (season of " + season + ")";
    }

    @Override
    public int minimumLength() {
      return HoltWinters.minimumLength(season);
    }

    @Override
    public double[][] forecast(double[] y, int n, int horizon) {
      HoltWinters fit = HoltWinters.fit(n == y.length ? y : Arrays.copyOf(y, n), season);
      return new double[][] {fit.forecast(horizon), fit.forecastStd(horizon)};
    }

    @Override
    public double backtest(double[] y, int firstOrigin, int step) {
      HoltWinters.Parameters params =
          HoltWinters.fit(Arrays.copyOf(y, firstOrigin), season).parameters();
      double total = 0;
      int count = 0;
      for (int origin = firstOrigin; origin + step <= y.length; origin += step) {
        double[] mean = HoltWinters.withParameters(y, origin, season, params).forecast(step);
        for (int h = 0; h < step; h++) {
          total += Math.abs(y[origin + h] - mean[h]);
          count++;
        }
      }
      return count == 0 ? Double.MAX_VALUE : total / count;
    }
  }
}
