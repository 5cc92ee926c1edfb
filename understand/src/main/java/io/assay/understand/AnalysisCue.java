package io.assay.understand;

/** What a question asks beyond one number: the analysis it calls for. */
public enum AnalysisCue {
  /** "trend", "over time", "monthly X". */
  TREND,
  /** "unusual", "anomaly", "spike", "drop". */
  ANOMALY,
  /** "drill down", "break down", "why", "root cause". */
  DRILL_DOWN,
  /** "compare", "versus", "vs". */
  COMPARE,
  /** "forecast", "predict", "next N months". */
  FORECAST,
  /** "outliers", "stand out". */
  OUTLIERS,
  /** "correlation", "relationship between". */
  CORRELATE
}
