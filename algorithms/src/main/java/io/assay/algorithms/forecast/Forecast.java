package io.assay.algorithms.forecast;

/**
 * A statistical forecast: the point forecasts, their standard deviations (same length), the model
 * that produced them, the season length it used (1 = none) and its rolling-origin backtest error
 * (mean absolute error; {@code NaN}-free, {@code Double.MAX_VALUE} when there was no backtest).
 */
public record Forecast(double[] mean, double[] std, String model, int season, double backtestMae) {
  public Forecast {
    if (mean.length != std.length) {
      throw new IllegalArgumentException("mean and std must have the same length");
    }
  }
}
