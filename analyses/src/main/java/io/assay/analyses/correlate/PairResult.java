package io.assay.analyses.correlate;

/** The correlation of two metrics; {@code correlation} is null when one series is constant. */
record PairResult(String a, String b, Correlation correlation) {
  boolean defined() {
    return correlation != null;
  }
}
