package io.assay.contract.finding;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A series over time with an optional forecast baseline and its band, and the intervals an anomaly
 * detector flagged.
 *
 * @param points in time order; periods are ISO (1997, 1997-03, 1997-03-31)
 * @param intervals anomaly intervals; their start and end are periods of {@code points}
 */
public record TimeSeriesChart(
    String id,
    String title,
    String unit,
    DisplayFormat format,
    List<Point> points,
    List<AnomalyInterval> intervals,
    ArtifactRef source)
    implements ChartData {

  /** One period: the actual value, and the baseline with its lower/upper band when forecast. */
  public record Point(String period, double actual, Double baseline, Double lower, Double upper) {
    public Point {
      IsoPeriod.require(period, "series period");
      ChartData.finite(actual, "actual at " + period);
      ChartData.finiteOrNull(baseline, "baseline at " + period);
      ChartData.finiteOrNull(lower, "lower band at " + period);
      ChartData.finiteOrNull(upper, "upper band at " + period);
      if ((lower == null) != (upper == null)) {
        throw new IllegalArgumentException("band at " + period + " needs both lower and upper");
      }
      if (lower != null && lower > upper) {
        throw new IllegalArgumentException(
            "band at " + period + " has lower " + lower + " above upper " + upper);
      }
    }
  }

  public enum Direction {
    DROP,
    RISE
  }

  /** A run of anomalous periods and its peak anomaly score. */
  public record AnomalyInterval(String start, String end, Direction direction, double peakScore) {
    public AnomalyInterval {
      IsoPeriod.require(start, "interval start");
      IsoPeriod.require(end, "interval end");
      if (direction == null) {
        throw new IllegalArgumentException("interval " + start + " needs a direction");
      }
      ChartData.finite(peakScore, "peak score of interval " + start);
    }
  }

  public TimeSeriesChart {
    ChartData.requireId(id);
    title = ChartData.requireTitle(title, id);
    unit = unit == null ? "" : unit.strip();
    if (format == null) {
      throw new IllegalArgumentException("chart " + id + " needs a display format");
    }
    points = List.copyOf(points);
    intervals = intervals == null ? List.of() : List.copyOf(intervals);
    if (points.size() < 2) {
      throw new IllegalArgumentException("time series " + id + " needs at least two points");
    }
    Set<String> periods = new HashSet<>();
    String previous = null;
    for (Point p : points) {
      if (!periods.add(p.period())) {
        throw new IllegalArgumentException("time series " + id + " repeats period " + p.period());
      }
      if (previous != null && previous.compareTo(p.period()) > 0) {
        throw new IllegalArgumentException(
            "time series " + id + " is not in time order at " + p.period());
      }
      previous = p.period();
    }
    for (AnomalyInterval interval : intervals) {
      if (!periods.contains(interval.start()) || !periods.contains(interval.end())) {
        throw new IllegalArgumentException(
            "anomaly interval "
                + interval.start()
                + "…"
                + interval.end()
                + " of chart "
                + id
                + " is not within the series periods");
      }
      if (interval.start().compareTo(interval.end()) > 0) {
        throw new IllegalArgumentException(
            "anomaly interval of chart " + id + " starts after it ends: " + interval.start());
      }
    }
  }

  @Override
  public TimeSeriesChart withSource(ArtifactRef ref) {
    return new TimeSeriesChart(id, title, unit, format, points, intervals, ref);
  }
}
