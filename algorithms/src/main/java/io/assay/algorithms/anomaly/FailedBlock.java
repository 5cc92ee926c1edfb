package io.assay.algorithms.anomaly;

import java.util.LinkedHashMap;
import java.util.Map;

/** A forecast block of a range scan that produced no (or too few) predictions. */
public record FailedBlock(int start, int end, String error) {
  public Map<String, Object> details() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("start", start);
    m.put("end", end);
    m.put("error", error);
    return m;
  }
}
