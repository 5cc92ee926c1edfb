package io.assay.bench;

import io.assay.algorithms.adtributor.Adtributor;
import io.assay.algorithms.adtributor.AdtributorOutput;
import io.assay.algorithms.adtributor.AdtributorParams;
import io.assay.algorithms.adtributor.DimensionTable;
import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.RobustScan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The computation of trend_anomaly + drill_down over 48 monthly periods × 6 dimensions of 10
 * elements (target with SQL: < 300 ms of activity time): the robust scan of the total, the slice
 * scan of all 60 element series, and for three levels each remaining element's own one-step
 * baseline and Adtributor over the dimensions. SQL is not in it; {@code eval incidents} prints the
 * median analysis time per case with SQL.
 *
 * <p>{@code java -cp <bench classes + dependencies> org.openjdk.jmh.Main IncidentComputeBench -f 1
 * -wi 2 -i 3}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(1)
public class IncidentComputeBench {
  static final int PERIODS = 48;
  static final int DIMENSIONS = 6;
  static final int ELEMENTS = 10;

  double[] total;
  double[][] slices;
  Map<String, DimensionTable> tables;

  @Setup(Level.Trial)
  public void setUp() {
    Random r = new Random(3);
    total = new double[PERIODS];
    slices = new double[DIMENSIONS * ELEMENTS][PERIODS];
    for (int d = 0; d < DIMENSIONS; d++) {
      for (int e = 0; e < ELEMENTS; e++) {
        double size = 100 + 50 * e;
        for (int t = 0; t < PERIODS; t++) {
          double v = size * (1 + 0.01 * t) * (1 + 0.05 * r.nextGaussian());
          slices[d * ELEMENTS + e][t] = v;
          if (d == 0) {
            total[t] += v;
          }
        }
      }
    }
    tables = new LinkedHashMap<>();
    for (int d = 0; d < DIMENSIONS; d++) {
      List<Object> elements = new ArrayList<>();
      double[] predict = new double[ELEMENTS];
      double[] real = new double[ELEMENTS];
      for (int e = 0; e < ELEMENTS; e++) {
        elements.add("d" + d + "_e" + e);
        predict[e] = slices[d * ELEMENTS + e][PERIODS - 2];
        real[e] = slices[d * ELEMENTS + e][PERIODS - 1] * (d == 2 && e == 4 ? 0.4 : 1);
      }
      tables.put("dim" + d, DimensionTable.absolute(elements, predict, real));
    }
  }

  @Benchmark
  public Object trendAndDrill() {
    RobustParams params = RobustParams.of(12);
    RobustScan scan = RobustDetector.scan(total, 36, params);
    double best = scan.maxScore();
    RobustParams slice = params.withEnter(params.enter() + 1.5);
    for (double[] s : slices) {
      best = Math.max(best, RobustDetector.scan(s, 36, slice).maxScore());
    }
    // Each drill level gives every element of every remaining dimension its own one-step
    // baseline over the period explained (the drill's expectation), then runs Adtributor.
    AdtributorOutput out = null;
    double expected = 0;
    for (int level = 0; level < 3; level++) {
      for (int s = level * ELEMENTS; s < slices.length; s++) {
        RobustScan own = RobustDetector.scan(slices[s], PERIODS - 1, params);
        expected += own.baseline()[PERIODS - 1] + own.typicalError(PERIODS - 1);
      }
      out = Adtributor.analyse(tables, AdtributorParams.defaults(false));
    }
    return new Object[] {best, out, expected};
  }
}
