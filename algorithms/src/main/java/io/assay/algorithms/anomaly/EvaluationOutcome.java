package io.assay.algorithms.anomaly;

import java.util.LinkedHashMap;
import java.util.Map;

/** Result of single-window scoring: a scored window, or an error (score 0). Never throws. */
public sealed interface EvaluationOutcome {
  double score();

  /** The reference details map: the window details, or {@code {"error": ...}}. */
  Map<String, Object> details();

  /** The scored window. */
  record Scored(WindowScore window) implements EvaluationOutcome {
    @Override
    public double score() {
      return window.score();
    }

    @Override
    public Map<String, Object> details() {
      return window.details();
    }
  }

  /** A failure with its message. */
  record Failed(String error) implements EvaluationOutcome {
    @Override
    public double score() {
      return 0.0;
    }

    @Override
    public Map<String, Object> details() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("error", error);
      return m;
    }
  }
}
