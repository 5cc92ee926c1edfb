package io.assay.algorithms.anomaly.robust;

/**
 * A series' ordinary period-to-period noise, two-sided and robust: 1.4826 × the median absolute
 * deviation of each value from the mean of its two neighbours (a local line), scaled to one
 * period's noise (that residual carries 1.5 times a period's variance). It measures how much a
 * period wobbles about its neighbours, not how well it can be forecast, so it says whether a change
 * is material to the series: a change well within it is part of the series' ordinary movement.
 */
public final class RobustNoise {
  private RobustNoise() {}

  /**
   * @param skip null, or per value: left out (an expected period), with the residuals that use it
   * @return 0 when fewer than three values remain
   */
  public static double of(double[] values, boolean[] skip) {
    int n = values.length;
    double[] res = new double[Math.max(0, n - 2)];
    int k = 0;
    for (int i = 1; i + 1 < n; i++) {
      if (skip != null && (skip[i - 1] || skip[i] || skip[i + 1])) {
        continue;
      }
      res[k++] = values[i] - 0.5 * (values[i - 1] + values[i + 1]);
    }
    if (k == 0) {
      return 0;
    }
    double med = BaselineModel.median(res, k);
    double[] dev = new double[k];
    for (int i = 0; i < k; i++) {
      dev[i] = Math.abs(res[i] - med);
    }
    return 1.4826 * BaselineModel.median(dev, k) / Math.sqrt(1.5);
  }
}
