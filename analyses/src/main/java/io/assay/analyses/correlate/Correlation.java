package io.assay.analyses.correlate;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;

/**
 * Pearson and Spearman correlation of two aligned series with two-sided p-values from the t
 * distribution with n − 2 degrees of freedom ({@code t = r √((n−2)/(1−r²))}), the test commons-math
 * applies to Pearson's r, applied to Spearman's rho as well.
 */
record Correlation(int n, double pearson, double pearsonP, double spearman, double spearmanP) {

  /** Null when a series is constant (correlation undefined). */
  static Correlation of(double[] a, double[] b) {
    if (a.length != b.length || a.length < 3) {
      throw new IllegalArgumentException(
          "correlation needs two aligned series of at least 3 points");
    }
    if (constant(a) || constant(b)) {
      return null;
    }
    double r = new PearsonsCorrelation().correlation(a, b);
    double rho = new SpearmansCorrelation().correlation(a, b);
    if (!Double.isFinite(r) || !Double.isFinite(rho)) {
      return null;
    }
    return new Correlation(a.length, r, pValue(r, a.length), rho, pValue(rho, a.length));
  }

  static double pValue(double r, int n) {
    if (Math.abs(r) >= 1.0) {
      return 0.0;
    }
    double t = Math.abs(r) * Math.sqrt((n - 2) / (1 - r * r));
    return 2 * new TDistribution(null, n - 2).cumulativeProbability(-t);
  }

  private static boolean constant(double[] x) {
    for (double v : x) {
      if (v != x[0]) {
        return false;
      }
    }
    return true;
  }
}
