package io.assay.bench;

import io.assay.algorithms.forecast.Forecast;
import io.assay.algorithms.forecast.HoltWinters;
import io.assay.algorithms.forecast.StatisticalForecaster;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Holt-Winters (additive, damped, season 24) fit + 24-step forecast with standard deviations on
 * 2,000 points; target under 20 ms. {@code autoForecast} adds season detection and the
 * rolling-origin model choice of {@link StatisticalForecaster}, for information.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HoltWintersBench {
  private double[] series;
  private final StatisticalForecaster forecaster = new StatisticalForecaster();

  @Setup
  public void setUp() {
    Random random = new Random(7);
    series = new double[2_000];
    for (int t = 0; t < series.length; t++) {
      series[t] = 500 + 0.05 * t + 80 * Math.sin(2 * Math.PI * t / 24) + random.nextGaussian() * 8;
    }
  }

  @Benchmark
  public double[][] fitAndForecast() {
    HoltWinters model = HoltWinters.fit(series, 24);
    return new double[][] {model.forecast(24), model.forecastStd(24)};
  }

  @Benchmark
  public Forecast autoForecast() {
    return forecaster.forecast(series, 24, "hourly");
  }
}
