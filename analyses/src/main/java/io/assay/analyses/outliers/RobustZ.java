package io.assay.analyses.outliers;

import java.util.Arrays;

/**
 * Robust z-scores (Iglewicz and Hoaglin's modified z): {@code 0.6745 (x - median) / MAD}. When more
 * than half the values are equal the MAD is 0; the mean absolute deviation from the median, scaled
 * by 1.2533 to estimate a standard deviation, takes its place. When that is 0 too every value
 * equals the median and nothing is an outlier (all scores 0).
 */
record RobustZ(double median, double scale, String method, double[] z) {
  static final double MAD_FACTOR = 0.6745;
  static final double MEAN_AD_FACTOR = 1.253314;

  static RobustZ of(double[] x) {
    if (x.length == 0) {
      throw new IllegalArgumentException("robust z-scores need at least one value");
    }
    double median = median(x);
    double[] dev = new double[x.length];
    double meanAd = 0;
    for (int i = 0; i < x.length; i++) {
      dev[i] = Math.abs(x[i] - median);
      meanAd += dev[i];
    }
    meanAd /= x.length;
    double mad = median(dev);
    double[] z = new double[x.length];
    if (mad > 0) {
      for (int i = 0; i < x.length; i++) {
        z[i] = MAD_FACTOR * (x[i] - median) / mad;
      }
      return new RobustZ(median, mad / MAD_FACTOR, "median absolute deviation", z);
    }
    if (meanAd > 0) {
      for (int i = 0; i < x.length; i++) {
        z[i] = (x[i] - median) / (MEAN_AD_FACTOR * meanAd);
      }
      return new RobustZ(median, MEAN_AD_FACTOR * meanAd, "mean absolute deviation", z);
    }
    return new RobustZ(median, 0, "all values equal", z);
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
