package io.assay.bench;

import io.assay.algorithms.adtributor.Adtributor;
import io.assay.algorithms.adtributor.AdtributorOutput;
import io.assay.algorithms.adtributor.AdtributorParams;
import io.assay.algorithms.adtributor.DimensionTable;
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
 * Adtributor on 20 dimensions x 500 elements (target: < 20 ms per run). Every dimension drops by
 * noise; three elements of dimension 7 drop by half, so one dimension passes tep and the rest run
 * the full pipeline (filter, EP, surprise, sort, cumulative EP) before failing.
 *
 * <p>{@code java -cp <bench classes + dependencies> org.openjdk.jmh.Main AdtributorBench -f 1 -wi 2
 * -i 3}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(1)
public class AdtributorBench {
  static final int DIMENSIONS = 20;
  static final int ELEMENTS = 500;

  Map<String, DimensionTable> tables;
  AdtributorParams params;

  @Setup(Level.Trial)
  public void setUp() {
    Random random = new Random(11);
    tables = new LinkedHashMap<>();
    for (int d = 0; d < DIMENSIONS; d++) {
      List<Object> elements = new ArrayList<>(ELEMENTS);
      double[] predict = new double[ELEMENTS];
      double[] real = new double[ELEMENTS];
      for (int e = 0; e < ELEMENTS; e++) {
        elements.add("d" + d + "_e" + e);
        predict[e] = 100 + random.nextInt(10_000);
        real[e] = predict[e] * (1 + random.nextGaussian() * 0.05);
        if (d == 7 && e < 3) {
          real[e] = predict[e] * 0.5;
        }
        real[e] = Math.max(real[e], 0);
      }
      tables.put("dim" + d, DimensionTable.absolute(elements, predict, real));
    }
    params = AdtributorParams.defaults(false).withK(3);
  }

  @Benchmark
  public AdtributorOutput analyse() {
    return Adtributor.analyse(tables, params);
  }
}
