package io.assay.bench;

import io.assay.algorithms.anomaly.AnomalyDetector;
import io.assay.algorithms.anomaly.RangeOutcome;
import io.assay.algorithms.anomaly.RangeParams;
import io.assay.algorithms.forecast.ForecastRequest;
import io.assay.algorithms.forecast.ForecastResult;
import io.assay.algorithms.forecast.Forecaster;
import io.assay.algorithms.forecast.ForecasterHealth;
import java.util.ArrayList;
import java.util.List;
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
 * Range scan (spec A6) over 10,000 points with a fixed forecast: block requests, severity curve,
 * hysteresis, merge, filter, interval assembly. Target: under 50 ms per scan.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class RangeScanBench {
  private static final int HISTORY = 2_000;
  private static final int RANGE = 10_000;

  private List<Object> rows;
  private AnomalyDetector detector;
  private RangeParams params;

  @Setup
  public void setUp() {
    Random random = new Random(42);
    rows = new ArrayList<>(HISTORY + RANGE);
    double[] forecast = new double[HISTORY + RANGE];
    for (int t = 0; t < HISTORY + RANGE; t++) {
      double expected = 1000 + 200 * Math.sin(2 * Math.PI * t / 24);
      forecast[t] = expected;
      double actual = expected + random.nextGaussian() * 10;
      if (t > HISTORY && t % 997 < 6) {
        actual -= 400; // a few sustained drops, so intervals exist
      }
      rows.add(actual);
    }
    detector = new AnomalyDetector(new FixedForecaster(forecast));
    params = RangeParams.of(RANGE, "hourly");
  }

  @Benchmark
  public RangeOutcome scan() {
    return detector.scanRange(rows, params);
  }

  /** Serves the slice of a fixed forecast that follows the request's history. */
  static final class FixedForecaster implements Forecaster {
    private final double[] forecast;

    FixedForecaster(double[] forecast) {
      this.forecast = forecast;
    }

    @Override
    public ForecastResult forecast(ForecastRequest request) {
      int from = request.historyRows().size();
      List<Double> out = new ArrayList<>(request.horizon());
      for (int k = 0; k < request.horizon(); k++) {
        out.add(forecast[from + k]);
      }
      return new ForecastResult.Success(out, null, "fixed");
    }

    @Override
    public ForecasterHealth health() {
      return new ForecasterHealth(true, null);
    }
  }
}
