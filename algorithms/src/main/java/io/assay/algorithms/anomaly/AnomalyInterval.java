package io.assay.algorithms.anomaly;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A kept anomalous interval of a range scan (spec A6). Indices are scan-relative; the absolute ones
 * add the scan start. Timestamps are passed through from the rows (may be null).
 */
public record AnomalyInterval(
    int startIndex,
    int endIndex,
    int startAbsIndex,
    int endAbsIndex,
    Object startTimestamp,
    Object endTimestamp,
    int length,
    double peak,
    int peakIndex,
    Object peakTimestamp,
    double mean,
    double area,
    Direction direction,
    List<IntervalPoint> points) {

  public AnomalyInterval {
    points = List.copyOf(points);
  }

  public Map<String, Object> details() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("start_index", startIndex);
    m.put("end_index", endIndex);
    m.put("start_abs_index", startAbsIndex);
    m.put("end_abs_index", endAbsIndex);
    m.put("start_timestamp", startTimestamp);
    m.put("end_timestamp", endTimestamp);
    m.put("length", length);
    m.put("peak", peak);
    m.put("peak_index", peakIndex);
    m.put("peak_timestamp", peakTimestamp);
    m.put("mean", mean);
    m.put("area", area);
    m.put("direction", direction.label());
    List<Map<String, Object>> p = new ArrayList<>(points.size());
    for (IntervalPoint point : points) {
      p.add(point.details());
    }
    m.put("points", p);
    return m;
  }
}
