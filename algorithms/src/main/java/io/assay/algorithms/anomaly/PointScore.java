package io.assay.algorithms.anomaly;

import java.util.LinkedHashMap;
import java.util.Map;

/** The per-point factors of a window score (spec A3), oldest point first in a window. */
public record PointScore(
    double actual,
    double predicted,
    double zScore,
    double significance,
    Direction direction,
    double volumeFactor,
    double severity,
    double contribution,
    double weight) {

  /** The {@code point_details} entry, keys in the reference order. */
  public Map<String, Object> details() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("actual", actual);
    m.put("predicted", predicted);
    m.put("z_score", zScore);
    m.put("significance", significance);
    m.put("direction", direction.label());
    m.put("volume_factor", volumeFactor);
    m.put("severity", severity);
    m.put("contribution", contribution);
    m.put("weight", weight);
    return m;
  }
}
