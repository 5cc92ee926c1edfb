package io.assay.analyses.support;

import io.assay.analyses.MetricTraits;
import io.assay.analyses.Rows;
import io.assay.analyses.StepQueries;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A metric by time bucket, read through one composed query. Buckets without rows are 0 for an
 * additive metric and absent otherwise, so the series has no silent gaps.
 *
 * @param points in time order
 */
public record Series(
    MetricDefinition metric, TimeGrain grain, List<Point> points, StepQueries.QueryRun query) {

  /** One bucket; {@code row} is its row in the query result, -1 when filled as 0. */
  public record Point(LocalDate start, double value, int row) {}

  public static final String VALUE = "value";
  public static final String PERIOD = "period";

  public Series {
    points = List.copyOf(points);
  }

  /** The Pick of a series: one metric per bucket of its time column over a range. */
  public static Pick pick(
      String metric, TimeGrain grain, Periods.Range range, List<Filter> filters) {
    return Pick.builder()
        .measure(new Measure.Metric(metric, List.of(), VALUE))
        .grain(grain)
        .time(range.asFilter())
        .filter(filters.toArray(Filter[]::new))
        .orderBy(new Order.ByPeriod(Direction.ASC))
        .build();
  }

  /** Loads the series; buckets are those of {@code range} (partial edge buckets included). */
  public static Series load(
      StepQueries q,
      String name,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range range,
      List<Filter> filters) {
    StepQueries.QueryRun run = q.query(name, pick(metric.name(), grain, range, filters));
    Rows rows = run.rows();
    int period = rows.column(PERIOD);
    int value = rows.column(VALUE);
    if (period < 0 || value < 0) {
      throw new IllegalStateException(
          "series query returned columns " + rows.columns() + ", expected period and value");
    }
    Map<LocalDate, Integer> byBucket = new HashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      LocalDate d = Cells.date(rows.rows().get(i).get(period));
      if (d != null) {
        byBucket.put(Periods.start(grain, d), i);
      }
    }
    List<Point> points = new ArrayList<>();
    for (LocalDate b : Periods.buckets(grain, range.from(), range.to())) {
      Integer i = byBucket.get(b);
      Double v = i == null ? null : Cells.number(rows.rows().get(i).get(value));
      if (v != null) {
        points.add(new Point(b, v, i));
      } else if (MetricTraits.additive(metric)) {
        points.add(new Point(b, 0.0, -1));
      }
    }
    return new Series(metric, grain, points, run);
  }

  public int size() {
    return points.size();
  }

  public double[] values() {
    return points.stream().mapToDouble(Point::value).toArray();
  }

  public String iso(int i) {
    return Periods.iso(grain, points.get(i).start());
  }

  /** Index of the bucket starting at {@code start}, or -1. */
  public int indexOf(LocalDate start) {
    for (int i = 0; i < points.size(); i++) {
      if (points.get(i).start().equals(start)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The derivation of point {@code i}'s value: read from the query result when the bucket had a
   * row, otherwise from {@code fallback} (a computation holding the filled series) at {@code
   * fallbackPointer}.
   */
  public Derivation valueDerivation(int i, ArtifactRef fallback, String fallbackPointer) {
    Point p = points.get(i);
    if (p.row() >= 0) {
      int col = query.rows().column(VALUE);
      return Derivation.value(
          metric.name() + " " + iso(i),
          p.value(),
          query.artifact(),
          "/rows/" + p.row() + "/" + col);
    }
    return Derivation.value(metric.name() + " " + iso(i), p.value(), fallback, fallbackPointer);
  }
}
