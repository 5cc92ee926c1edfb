package io.assay.analyses.drill;

import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.RobustScan;
import io.assay.analyses.Rows;
import io.assay.analyses.StepQueries;
import io.assay.analyses.Warehouse;
import io.assay.analyses.support.Cells;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.trend.RobustTrendScan;
import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A metric's series for each element of one dimension over a range of buckets, read through one
 * grouped query: what the slice scan judges and what gives each element its own expectation.
 *
 * @param values per element label, one value per bucket (0 where the element had no rows)
 * @param raw per element label, the raw cell (to filter on it)
 */
record SliceSeries(
    String dimension,
    TimeGrain grain,
    List<LocalDate> buckets,
    Map<String, double[]> values,
    Map<String, Object> raw) {

  /** Fewest buckets of history before the judged ones for an element's own baseline. */
  static final int MIN_HISTORY = 12;

  static SliceSeries load(
      StepQueries q,
      String name,
      String metric,
      TimeGrain grain,
      Periods.Range all,
      List<Filter> filters,
      String dim) {
    Rows rows = q.query(name, pick(metric, grain, all, filters, List.of(dim))).rows();
    int period = rows.column(Series.PERIOD);
    int value = rows.column(Series.VALUE);
    int label = -1;
    for (int c = 0; c < rows.columns().size(); c++) {
      if (c != period && c != value) {
        label = c;
      }
    }
    if (period < 0 || value < 0 || label < 0) {
      throw new IllegalStateException("slice query returned columns " + rows.columns());
    }
    return of(dim, grain, all, rows.rows(), period, value, label);
  }

  /**
   * The series of each dimension, read in one query where they can share one ({@link
   * StepQueries#slices}), else one query each; {@code name} gives a query's name from the
   * dimensions it reads ("district.a2" or "district.a3, district.a2").
   */
  static Map<String, SliceSeries> loadAll(
      StepQueries q,
      Function<String, String> name,
      String metric,
      TimeGrain grain,
      Periods.Range all,
      List<Filter> filters,
      List<String> dims) {
    Map<String, SliceSeries> out = new LinkedHashMap<>();
    if (dims.size() >= 2) {
      Optional<StepQueries.QueryRun> run =
          q.slices(name.apply(String.join(", ", dims)), pick(metric, grain, all, filters, dims));
      if (run.isPresent() && !run.get().rows().truncated()) {
        Rows rows = run.get().rows();
        int slice = rows.column(Warehouse.SLICE);
        int period = rows.column(Series.PERIOD);
        int value = rows.column(Series.VALUE);
        List<Integer> labels = new ArrayList<>();
        for (int c = 0; c < rows.columns().size(); c++) {
          if (c != slice && c != period && c != value) {
            labels.add(c);
          }
        }
        if (slice < 0 || period < 0 || value < 0 || labels.size() != dims.size()) {
          throw new IllegalStateException("slices query returned columns " + rows.columns());
        }
        List<List<List<Object>>> bySlice = new ArrayList<>();
        for (int i = 0; i < dims.size(); i++) {
          bySlice.add(new ArrayList<>());
        }
        for (List<Object> r : rows.rows()) {
          bySlice.get(((Number) r.get(slice)).intValue()).add(r);
        }
        for (int i = 0; i < dims.size(); i++) {
          out.put(
              dims.get(i),
              of(dims.get(i), grain, all, bySlice.get(i), period, value, labels.get(i)));
        }
        return out;
      }
    }
    for (String dim : dims) {
      out.put(dim, load(q, name.apply(dim), metric, grain, all, filters, dim));
    }
    return out;
  }

  /**
   * The metric per period and per value of {@code dims} (one dimension, or several read as slices),
   * in order of period and value so that each element's place is the same however it is read.
   */
  private static Pick pick(
      String metric, TimeGrain grain, Periods.Range all, List<Filter> filters, List<String> dims) {
    Pick.Builder b =
        Pick.builder()
            .measure(new Measure.Metric(metric, List.of(), Series.VALUE))
            .grain(grain)
            .groupBy(dims.toArray(String[]::new))
            .time(all.asFilter())
            .filter(filters.toArray(Filter[]::new));
    if (dims.size() == 1) {
      b.orderBy(
          new Order.ByPeriod(Direction.ASC),
          new Order.ByColumn(ColumnRef.of(dims.get(0)), Direction.ASC));
    }
    return b.build();
  }

  /** A series from result rows: the bucket in {@code period}, the element in {@code label}. */
  private static SliceSeries of(
      String dim,
      TimeGrain grain,
      Periods.Range all,
      List<List<Object>> rows,
      int period,
      int value,
      int label) {
    List<LocalDate> buckets = Periods.buckets(grain, all.from(), all.to());
    Map<LocalDate, Integer> index = new HashMap<>();
    for (int i = 0; i < buckets.size(); i++) {
      index.put(buckets.get(i), i);
    }
    Map<String, double[]> byElement = new LinkedHashMap<>();
    Map<String, Object> raw = new HashMap<>();
    for (List<Object> r : rows) {
      LocalDate d = Cells.date(r.get(period));
      Double v = Cells.number(r.get(value));
      Integer i = d == null ? null : index.get(Periods.start(grain, d));
      if (i == null || v == null) {
        continue;
      }
      String k = Cells.label(r.get(label));
      raw.putIfAbsent(k, r.get(label));
      byElement.computeIfAbsent(k, x -> new double[buckets.size()])[i] += v;
    }
    return new SliceSeries(dim, grain, List.copyOf(buckets), byElement, raw);
  }

  /** Index of the bucket starting at {@code day}, or -1. */
  int index(LocalDate day) {
    return buckets.indexOf(Periods.start(grain, day));
  }

  /**
   * What each element was expected to hold over buckets [from, to]: the sum of its own one-step
   * robust baselines (fitted on its history only, the judged buckets never teaching the later
   * ones), or null when there is too little history before {@code from} for one.
   */
  /** An element's expectation over some buckets and the typical error of it. */
  record Expectation(double expected, double error) {}

  Map<String, Expectation> expected(int from, int to, boolean counts) {
    if (from < MIN_HISTORY || to >= buckets.size() || to < from) {
      return null;
    }
    RobustParams params = RobustParams.of(RobustTrendScan.season(grain)).withCounts(counts);
    Map<String, Expectation> out = new LinkedHashMap<>();
    for (Map.Entry<String, double[]> e : values.entrySet()) {
      double[] v = java.util.Arrays.copyOf(e.getValue(), to + 1);
      double sum = 0;
      double variance = 0;
      if (quiet(v, from)) {
        // Absent (or nearly) from the history: expected to stay as it was, with no allowance.
        for (int t = from; t <= to; t++) {
          sum += v[from - 1];
        }
      } else {
        RobustScan s = RobustDetector.scan(v, from, params);
        for (int t = from; t <= to; t++) {
          sum += Math.max(0, s.baseline()[t]);
          variance += s.typicalError(t) * s.typicalError(t);
        }
      }
      out.put(e.getKey(), new Expectation(sum, Math.sqrt(variance)));
    }
    return out;
  }

  /** Actual total of each element over buckets [from, to]. */
  Map<String, Double> actual(int from, int to) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (Map.Entry<String, double[]> e : values.entrySet()) {
      double sum = 0;
      for (int t = from; t <= to; t++) {
        sum += e.getValue()[t];
      }
      out.put(e.getKey(), sum);
    }
    return out;
  }

  /** Fewer than half of the history's buckets hold a value. */
  private static boolean quiet(double[] v, int from) {
    int nonZero = 0;
    for (int t = 0; t < from; t++) {
      nonZero += v[t] != 0 ? 1 : 0;
    }
    return nonZero * 2 < from;
  }

  /** Loads each (dimension, filters) once per run of an analysis. */
  static final class Cache {
    private final Map<String, SliceSeries> loaded = new HashMap<>();

    SliceSeries get(
        StepQueries q,
        String name,
        String metric,
        TimeGrain grain,
        Periods.Range all,
        List<Filter> filters,
        String dim) {
      String key = dim + "|" + all + "|" + filters;
      return loaded.computeIfAbsent(key, k -> load(q, name, metric, grain, all, filters, dim));
    }

    /**
     * Reads, in one query where they can share one, the series over {@code all} of the dimensions
     * not read yet: those {@link #get} or (with {@code covering}) {@link #covering} would read.
     */
    void readAll(
        StepQueries q,
        Function<String, String> name,
        String metric,
        TimeGrain grain,
        Periods.Range all,
        List<Filter> filters,
        Collection<String> dims,
        boolean covering) {
      List<String> missing = new ArrayList<>();
      for (String dim : dims) {
        boolean read =
            covering
                ? find(dim, grain, all, filters) != null
                : loaded.containsKey(dim + "|" + all + "|" + filters);
        if (!read) {
          missing.add(dim);
        }
      }
      if (missing.size() < 2) {
        return; // one alone is read as before, when it is asked for
      }
      loadAll(q, name, metric, grain, all, filters, missing)
          .forEach((dim, s) -> loaded.put(dim + "|" + all + "|" + filters, s));
    }

    /**
     * A series already read that covers {@code need} for these filters, else reads {@code need}.
     */
    SliceSeries covering(
        StepQueries q,
        String name,
        String metric,
        TimeGrain grain,
        Periods.Range need,
        List<Filter> filters,
        String dim) {
      SliceSeries s = find(dim, grain, need, filters);
      return s != null ? s : get(q, name, metric, grain, need, filters, dim);
    }

    private SliceSeries find(
        String dim, TimeGrain grain, Periods.Range need, List<Filter> filters) {
      String suffix = "|" + filters;
      for (Map.Entry<String, SliceSeries> e : loaded.entrySet()) {
        SliceSeries s = e.getValue();
        if (e.getKey().startsWith(dim + "|")
            && e.getKey().endsWith(suffix)
            && s.grain() == grain
            && !s.buckets().isEmpty()
            && !s.buckets().get(0).isAfter(need.from())
            && s.index(need.to()) >= 0) {
          return s;
        }
      }
      return null;
    }
  }
}
