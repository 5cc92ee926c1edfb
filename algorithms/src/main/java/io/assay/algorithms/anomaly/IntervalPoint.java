package io.assay.algorithms.anomaly;

import java.util.LinkedHashMap;
import java.util.Map;

/** One point of an anomalous interval; {@code predicted} is null where the block failed. */
public record IntervalPoint(
    int index, double actual, Double predicted, double severity, Direction direction) {
  public Map<String, Object> details() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("index", index);
    m.put("actual", actual);
    m.put("predicted", predicted);
    m.put("severity", severity);
    m.put("direction", direction.label());
    return m;
  }
}
