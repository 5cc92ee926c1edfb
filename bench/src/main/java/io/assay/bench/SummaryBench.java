package io.assay.bench;

import io.assay.algorithms.summary.ColumnRole;
import io.assay.algorithms.summary.ColumnSpec;
import io.assay.algorithms.summary.ColumnType;
import io.assay.algorithms.summary.ColumnarTable;
import io.assay.algorithms.summary.DataSummarizer;
import io.assay.algorithms.summary.DataSummary;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.LocalDate;
import java.util.List;
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
 * Data summary of 1,000,000 rows x 10 columns (target: < 1.5 s, < 1 GB heap). The rows look like a
 * transaction extract: 4 metrics (one 10% missing), a unique id, 3 dimensions (skewed, with rare
 * categories and 8% missing), a flag and a date.
 *
 * <p>Time: {@code java -cp <bench classpath> org.openjdk.jmh.Main SummaryBench -f 1 -wi 2 -i 3
 * -prof gc} (the fork runs with -Xmx1g). Heap: {@code java -Xmx1g -cp <bench classpath>
 * io.assay.bench.SummaryBench} prints the peak heap used while building the table and summarising
 * it (and would fail with OutOfMemoryError above 1 GB).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(
    value = 1,
    jvmArgs = {"-Xmx1g"})
public class SummaryBench {
  static final int ROWS = 1_000_000;

  ColumnarTable table;

  @Setup(Level.Trial)
  public void setUp() {
    table = table(ROWS, 7L);
  }

  @Benchmark
  public DataSummary summarise() {
    return DataSummarizer.summarise(table);
  }

  static ColumnarTable table(int rows, long seed) {
    Random random = new Random(seed);
    double[] amount = new double[rows];
    double[] balance = new double[rows];
    double[] fee = new double[rows];
    double[] quantity = new double[rows];
    String[] id = new String[rows];
    String[] district = new String[rows];
    String[] type = new String[rows];
    String[] operation = new String[rows];
    Boolean[] flagged = new Boolean[rows];
    String[] date = new String[rows];
    String[] types = {"PRIJEM", "VYDAJ", "VYBER"};
    String[] operations = {"VKLAD", "PREVOD Z UCTU", "VYBER", "PREVOD NA UCET", "VYBER KARTOU"};
    String[] districts = new String[77];
    for (int i = 0; i < districts.length; i++) {
      districts[i] = "district_" + i;
    }
    String[] dates = new String[1826];
    LocalDate start = LocalDate.of(1993, 1, 1);
    for (int i = 0; i < dates.length; i++) {
      dates[i] = start.plusDays(i).toString();
    }
    for (int r = 0; r < rows; r++) {
      amount[r] = Math.round(Math.exp(random.nextGaussian() * 1.2 + 8) * 100) / 100.0;
      balance[r] = Math.round((random.nextGaussian() * 20_000 + 45_000) * 100) / 100.0;
      fee[r] =
          random.nextDouble() < 0.10 ? Double.NaN : Math.round(random.nextDouble() * 3000) / 100.0;
      quantity[r] = 1 + random.nextInt(20);
      id[r] = "T" + (10_000_000 + r);
      // Skewed: a few districts hold most rows, the tail is rare.
      district[r] = districts[(int) Math.min(76, Math.floor(Math.abs(random.nextGaussian()) * 12))];
      type[r] = types[random.nextInt(100) < 60 ? 0 : (random.nextInt(100) < 95 ? 1 : 2)];
      operation[r] =
          random.nextDouble() < 0.08 ? null : operations[random.nextInt(operations.length)];
      flagged[r] = random.nextDouble() < 0.01;
      date[r] = dates[random.nextInt(dates.length)];
    }
    List<ColumnSpec> specs =
        List.of(
            ColumnSpec.of("amount", ColumnType.NUMBER),
            ColumnSpec.of("balance", ColumnType.NUMBER),
            ColumnSpec.of("fee", ColumnType.NUMBER),
            ColumnSpec.of("quantity", ColumnType.NUMBER),
            new ColumnSpec("trans_id", ColumnType.TEXT, ColumnRole.IDENTIFIER),
            ColumnSpec.of("district", ColumnType.TEXT),
            ColumnSpec.of("type", ColumnType.TEXT),
            ColumnSpec.of("operation", ColumnType.TEXT),
            ColumnSpec.of("flagged", ColumnType.BOOLEAN),
            ColumnSpec.of("date", ColumnType.TEMPORAL));
    return ColumnarTable.ofColumns(
        specs,
        List.of(amount, balance, fee, quantity, id, district, type, operation, flagged, date));
  }

  /** Peak-heap check: builds the 1M x 10 table, summarises it, reports time and peak heap. */
  public static void main(String[] args) {
    List<MemoryPoolMXBean> heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP)
            .toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long t0 = System.nanoTime();
    ColumnarTable t = table(ROWS, 7L);
    long t1 = System.nanoTime();
    DataSummary summary = null;
    long best = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      long s = System.nanoTime();
      summary = DataSummarizer.summarise(t);
      best = Math.min(best, System.nanoTime() - s);
    }
    long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    System.out.printf(
        "rows=%d columns=%d build=%.0f ms summarise(best of 3)=%.0f ms peak heap used=%.0f MB"
            + " (max heap %.0f MB) fidelity=%.3f rows shown=%d%n",
        t.rowCount(),
        t.columns().size(),
        (t1 - t0) / 1e6,
        best / 1e6,
        peak / 1048576.0,
        Runtime.getRuntime().maxMemory() / 1048576.0,
        summary.fidelity().score(),
        summary.rows().size());
  }
}
