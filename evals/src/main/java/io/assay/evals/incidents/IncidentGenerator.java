package io.assay.evals.incidents;

import io.assay.analyses.Rows;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Cells;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.pick.Aggregation;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Draws and injects cases into an {@link IncidentSchema}. Deterministic for a seed: each case has
 * its own random stream, and candidate rows are taken in key order before they are shuffled.
 */
final class IncidentGenerator {
  /** Months of history before an incident, at least. */
  static final int HISTORY = 24;

  static final double NONE_SHARE = 0.3;

  /** Largest share of the month's total a slice may hold. */
  static final double MAX_SLICE_SHARE = 0.5;

  private final IncidentSchema copy;
  private final List<MetricDefinition.Aggregate> metrics = new ArrayList<>();
  private final Map<String, Double> noise = new HashMap<>();
  private final Map<String, String> keys = new HashMap<>();

  IncidentGenerator(IncidentSchema copy) throws SQLException {
    this.copy = copy;
    for (MetricDefinition m : copy.recon.metrics()) {
      if (m instanceof MetricDefinition.Aggregate a
          && a.timeColumn() != null
          && (a.aggregation() == Aggregation.SUM || a.aggregation() == Aggregation.COUNT)) {
        String key = copy.primaryKey(a.table());
        if (key != null && span(a) != null) {
          metrics.add(a);
          keys.put(a.name(), key);
        }
      }
    }
    metrics.sort((x, y) -> x.name().compareTo(y.name()));
    if (metrics.isEmpty()) {
      throw new IllegalStateException(
          "the dataset has no additive metric whose time column spans "
              + (HISTORY + 12)
              + " complete months; the benchmark injects monthly incidents after "
              + HISTORY
              + " months of history");
    }
  }

  /** A drawn case before the plan is known: kind, metric, months, magnitude, question. */
  record Draft(
      IncidentKind kind,
      MetricDefinition.Aggregate metric,
      YearMonth start,
      int months,
      double factor,
      double sign,
      String question,
      Random random) {}

  /** Metrics the eval may draw (those whose questions the reader plans); all by default. */
  void restrict(java.util.function.Predicate<MetricDefinition.Aggregate> keep) {
    metrics.removeIf(keep.negate());
    if (metrics.isEmpty()) {
      throw new IllegalStateException("no additive metric's question is read into a plan");
    }
  }

  List<String> metricNames() {
    return metrics.stream().map(MetricDefinition::name).toList();
  }

  Draft draft(int index, long seed) {
    Random r = new Random(mix(mix(seed) + index));
    double k = r.nextDouble();
    IncidentKind kind =
        k < NONE_SHARE
            ? IncidentKind.NONE
            : k < 0.55 ? IncidentKind.SPIKE : k < 0.8 ? IncidentKind.DROP : IncidentKind.SHIFT;
    MetricDefinition.Aggregate metric = metrics.get(r.nextInt(metrics.size()));
    YearMonth[] span = span(metric);
    YearMonth first = span[0].plusMonths(HISTORY);
    int choices = (int) (total(span[1]) - total(first)) + 1;
    YearMonth start = first.plusMonths(r.nextInt(Math.max(1, choices)));
    int months = kind == IncidentKind.SHIFT ? 2 + r.nextInt(3) : 1;
    while (months > 1 && start.plusMonths(months - 1).getYear() != start.getYear()) {
      start = start.minusMonths(1);
    }
    double factor = 2 + 6 * r.nextDouble();
    double sign =
        kind == IncidentKind.SPIKE ? 1 : kind == IncidentKind.DROP ? -1 : r.nextBoolean() ? 1 : -1;
    String words = metric.name().replace('_', ' ');
    String question =
        Phrasings.question(r.nextInt(Phrasings.TEMPLATES.size()), words, start.getYear());
    return new Draft(kind, metric, start, months, factor, sign, question, r);
  }

  /**
   * A draft of {@code kind} at a chosen month of a chosen metric, {@code factor} noise units in
   * size (a monitor replayed over injected months; the benchmark draws these at random).
   */
  Draft draft(String metric, IncidentKind kind, YearMonth start, double factor, long seed) {
    MetricDefinition.Aggregate m =
        metrics.stream()
            .filter(x -> x.name().equals(metric))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "no additive metric with a time column " + metric));
    double sign = kind == IncidentKind.DROP ? -1 : 1;
    return new Draft(kind, m, start, 1, factor, sign, "", new Random(mix(seed)));
  }

  /**
   * Injects the draft into a slice of one of {@code dimensions} (the drill-down's candidates);
   * returns the case, of kind NONE when nothing was injected.
   */
  IncidentCase inject(int index, Draft d, List<String> dimensions) throws SQLException {
    double sigma = noise(d.metric());
    if (d.kind() == IncidentKind.NONE || dimensions.isEmpty()) {
      return new IncidentCase(
          index,
          IncidentKind.NONE,
          d.metric().name(),
          null,
          List.of(),
          d.start(),
          0,
          0,
          sigma,
          d.question());
    }
    double change = d.sign() * d.factor() * sigma;
    List<String> dims = new ArrayList<>(dimensions.subList(0, Math.min(4, dimensions.size())));
    Collections.shuffle(dims, d.random());
    boolean two = d.random().nextDouble() < 0.3;
    for (String dim : dims) {
      List<Object> values = eligible(d, dim, Math.abs(change) / (two ? 2 : 1));
      if (values.isEmpty()) {
        continue;
      }
      Collections.shuffle(values, d.random());
      List<Object> slice = values.subList(0, two && values.size() > 1 ? 2 : 1);
      for (int m = 0; m < d.months(); m++) {
        for (Object v : slice) {
          change(d, dim, v, d.start().plusMonths(m), change / slice.size());
        }
      }
      return new IncidentCase(
          index,
          d.kind(),
          d.metric().name(),
          dim,
          slice.stream().map(Cells::label).toList(),
          d.start(),
          d.months(),
          change,
          sigma,
          d.question());
    }
    return new IncidentCase(
        index,
        IncidentKind.NONE,
        d.metric().name(),
        null,
        List.of(),
        d.start(),
        0,
        0,
        sigma,
        d.question());
  }

  /** Values of {@code dim} that can carry {@code need} in every changed month. */
  private List<Object> eligible(Draft d, String dim, double need) {
    Map<String, Object> raw = new HashMap<>();
    Map<String, Double> least = new HashMap<>();
    Map<String, Integer> present = new HashMap<>();
    for (int m = 0; m < d.months(); m++) {
      YearMonth month = d.start().plusMonths(m);
      Rows rows =
          copy.rows(Breakdown.pick(d.metric().name(), List.of(dim), monthFilter(month), List.of()));
      int value = rows.column(Series.VALUE);
      int label = value == 0 ? 1 : 0;
      for (List<Object> r : rows.rows()) {
        Double v = Cells.number(r.get(value));
        if (v == null) {
          continue;
        }
        String k = Cells.label(r.get(label));
        raw.putIfAbsent(k, r.get(label));
        least.merge(k, v, Math::min);
        present.merge(k, 1, Integer::sum);
      }
    }
    // A drop removes at most 80 % of a slice; a spike adds at most MAX_COPIES copies of it.
    double capacity = d.sign() < 0 ? 0.8 : IncidentSchema.MAX_COPIES;
    double total = 0;
    for (double v : least.values()) {
      total += v;
    }
    List<String> ok = new ArrayList<>();
    for (Map.Entry<String, Double> e : least.entrySet()) {
      // A slice is part of the total: one holding most of it is not a slice to find.
      if (e.getValue() * capacity >= need
          && e.getValue() <= MAX_SLICE_SHARE * total
          && present.get(e.getKey()) == d.months()
          && raw.get(e.getKey()) != null) {
        ok.add(e.getKey());
      }
    }
    Collections.sort(ok);
    List<Object> out = new ArrayList<>();
    for (String k : ok) {
      out.add(raw.get(k));
    }
    return out;
  }

  /** Removes or copies rows of one slice and month until the month's total moves by {@code by}. */
  private void change(Draft d, String dim, Object value, YearMonth month, double by)
      throws SQLException {
    MetricDefinition.Aggregate m = d.metric();
    String table = m.table();
    String key = keys.get(m.name());
    List<Filter> filters = new ArrayList<>(m.filters());
    filters.add(Breakdown.equalTo(dim, value));
    Pick pick =
        Pick.builder()
            .selectColumns(
                m.aggregation() == Aggregation.COUNT
                    ? new String[] {table + "." + key}
                    : new String[] {table + "." + key, m.column().toString()})
            .filter(filters.toArray(Filter[]::new))
            .timeColumn(m.timeColumn().toString())
            .time(monthFilter(month))
            .build();
    Rows rows = copy.rows(pick);
    List<long[]> candidates = new ArrayList<>();
    List<Double> amounts = new ArrayList<>();
    for (List<Object> r : rows.rows()) {
      Double k = Cells.number(r.get(0));
      Double a = m.aggregation() == Aggregation.COUNT ? Double.valueOf(1) : Cells.number(r.get(1));
      if (k != null && a != null && a > 0) {
        candidates.add(new long[] {k.longValue()});
        amounts.add(a);
      }
    }
    Integer[] order = new Integer[candidates.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Long.compare(candidates.get(x)[0], candidates.get(y)[0]));
    List<Integer> shuffled = new ArrayList<>(Arrays.asList(order));
    Collections.shuffle(shuffled, d.random());
    double target = Math.abs(by);
    double done = 0;
    List<List<Long>> batches = new ArrayList<>();
    int pass = 0;
    while (done < target && pass < (by < 0 ? 1 : IncidentSchema.MAX_COPIES)) {
      List<Long> batch = new ArrayList<>();
      for (int i : shuffled) {
        if (done >= target) {
          break;
        }
        batch.add(candidates.get(i)[0]);
        done += amounts.get(i);
      }
      batches.add(batch);
      pass++;
    }
    for (int p = 0; p < batches.size(); p++) {
      if (batches.get(p).isEmpty()) {
        continue;
      }
      if (by < 0) {
        copy.delete(table, key, batches.get(p));
      } else {
        copy.duplicate(table, key, batches.get(p), p + 1);
      }
    }
  }

  /**
   * The metric's robust month-to-month noise: 1.4826 × MAD of the residuals of each month from the
   * mean of its neighbours, scaled to one month's noise (the residual carries 1.5 × its variance).
   */
  double noise(MetricDefinition.Aggregate m) {
    return noise.computeIfAbsent(
        m.name(),
        n -> {
          YearMonth[] span = span(m);
          Rows rows =
              copy.rows(
                  Series.pick(
                      n,
                      TimeGrain.MONTH,
                      new Periods.Range(span[0].atDay(1), span[1].atEndOfMonth()),
                      List.of()));
          int value = rows.column(Series.VALUE);
          double[] x = rows.rows().stream().mapToDouble(r -> Cells.number(r.get(value))).toArray();
          double[] res = new double[Math.max(0, x.length - 2)];
          for (int i = 1; i + 1 < x.length; i++) {
            res[i - 1] = x[i] - 0.5 * (x[i - 1] + x[i + 1]);
          }
          double med = median(res);
          double[] dev = Arrays.stream(res).map(v -> Math.abs(v - med)).toArray();
          return 1.4826 * median(dev) / Math.sqrt(1.5);
        });
  }

  private static double median(double[] v) {
    if (v.length == 0) {
      return 0;
    }
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
  }

  /** First and last complete month of the metric's time column, or null. */
  private YearMonth[] span(MetricDefinition.Aggregate m) {
    return copy.warehouse
        .dateSpan(m.timeColumn())
        .map(
            s -> {
              YearMonth last = YearMonth.from(s.max());
              if (!s.max().equals(last.atEndOfMonth())) {
                last = last.minusMonths(1);
              }
              YearMonth first = YearMonth.from(s.min());
              if (!s.min().equals(first.atDay(1))) {
                first = first.plusMonths(1);
              }
              return total(last) - total(first) >= HISTORY + 11
                  ? new YearMonth[] {first, last}
                  : null;
            })
        .orElse(null);
  }

  /** A 64-bit mix (SplitMix64's finaliser): nearby seeds give unrelated streams. */
  static long mix(long z) {
    z += 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static long total(YearMonth m) {
    return m.getYear() * 12L + m.getMonthValue() - 1;
  }

  private static TimeFilter monthFilter(YearMonth m) {
    LocalDate from = m.atDay(1);
    return TimeFilter.range(from, m.atEndOfMonth());
  }
}
