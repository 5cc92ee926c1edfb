package io.assay.algorithms.adtributor;

/**
 * numpy's pairwise summation as pandas' {@code Series.sum()} performs it (spec 0.1): missing (NaN)
 * cells count as 0 and keep their slot, so the grouping of the additions matches the reference to
 * the last bit in the common cases.
 */
final class PairwiseSum {
  private static final int BLOCK = 128;

  private PairwiseSum() {}

  /** Sum of {@code values[idx[0]], values[idx[1]], ...} in that order. */
  static double over(double[] values, int[] idx) {
    double[] picked = new double[idx.length];
    for (int i = 0; i < idx.length; i++) {
      picked[i] = values[idx[i]];
    }
    return of(picked);
  }

  static double of(double[] values) {
    return sum(values, 0, values.length);
  }

  private static double cell(double[] a, int i) {
    double v = a[i];
    return Double.isNaN(v) ? 0.0 : v;
  }

  private static double sum(double[] a, int from, int n) {
    if (n < 8) {
      double res = 0.0;
      for (int i = 0; i < n; i++) {
        res += cell(a, from + i);
      }
      return res;
    }
    if (n <= BLOCK) {
      double[] r = new double[8];
      for (int j = 0; j < 8; j++) {
        r[j] = cell(a, from + j);
      }
      int i = 8;
      for (; i < n - (n % 8); i += 8) {
        for (int j = 0; j < 8; j++) {
          r[j] += cell(a, from + i + j);
        }
      }
      double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) {
        res += cell(a, from + i);
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return sum(a, from, n2) + sum(a, from + n2, n - n2);
  }
}
