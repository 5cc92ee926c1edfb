package io.assay.algorithms.anomaly;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A scored window (spec A4): the score in [0, 1] and everything that went into it. */
public record WindowScore(
    double score,
    int windowSize,
    double noiseScale,
    double historicalAnomalyFrequency,
    double frequencyDampener,
    double weightedBase,
    double anchorContribution,
    double smoothedContribution,
    double smoothing,
    int consecutiveAnomalies,
    double durationBoost,
    List<PointScore> points) {

  public WindowScore {
    points = List.copyOf(points);
  }

  /** The details map, keys in the reference order. */
  public Map<String, Object> details() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("window_size", windowSize);
    m.put("noise_scale", noiseScale);
    m.put("historical_anomaly_frequency", historicalAnomalyFrequency);
    m.put("frequency_dampener", frequencyDampener);
    m.put("weighted_base", weightedBase);
    m.put("anchor_contribution", anchorContribution);
    m.put("smoothed_contribution", smoothedContribution);
    m.put("smoothing", smoothing);
    m.put("consecutive_anomalies", consecutiveAnomalies);
    m.put("duration_boost", durationBoost);
    List<Map<String, Object>> pointDetails = new ArrayList<>(points.size());
    for (PointScore p : points) {
      pointDetails.add(p.details());
    }
    m.put("point_details", pointDetails);
    return m;
  }
}
