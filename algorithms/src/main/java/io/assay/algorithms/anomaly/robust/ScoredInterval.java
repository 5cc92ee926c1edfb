package io.assay.algorithms.anomaly.robust;

/**
 * A run of unusual periods of one direction, indices absolute in the series.
 *
 * @param score the peak |deviation| in typical one-step errors (see {@link RobustScan})
 * @param deviation the signed score at the peak: negative for a drop
 */
public record ScoredInterval(int start, int end, int peak, double score, double deviation) {
  public boolean drop() {
    return deviation < 0;
  }

  public String direction() {
    return drop() ? "drop" : "rise";
  }

  public boolean contains(int index) {
    return index >= start && index <= end;
  }
}
