package io.assay.algorithms.adtributor;

/**
 * Surprise of each element: the Jensen-Shannon-like divergence between its share of the baseline
 * and its share of the actual total, natural log (spec B2.5).
 */
final class Surprise {
  private Surprise() {}

  static double[] absolute(double[] predict, double[] real, int[] rows) {
    return pair(predict, real, rows);
  }

  static double[] ratio(double[] pn, double[] pd, double[] rn, double[] rd, int[] rows) {
    double[] numerator = pair(pn, rn, rows);
    double[] denominator = pair(pd, rd, rows);
    for (int i = 0; i < numerator.length; i++) {
      numerator[i] += denominator[i];
    }
    return numerator;
  }

  private static double[] pair(double[] baseline, double[] actual, int[] rows) {
    double f = PairwiseSum.over(baseline, rows);
    double a = PairwiseSum.over(actual, rows);
    double[] s = new double[rows.length];
    for (int i = 0; i < rows.length; i++) {
      double p = baseline[rows[i]] / f;
      double q = actual[rows[i]] / a;
      s[i] = 0.5 * (term(p, q) + term(q, p));
    }
    return s;
  }

  /** u * ln(2u / (u + v)), cleaned like numpy's nan_to_num before the two terms are added. */
  private static double term(double u, double v) {
    double t = u * Math.log(2 * u / (u + v));
    if (Double.isNaN(t)) {
      return 0.0;
    }
    if (Double.isInfinite(t)) {
      return t > 0 ? Double.MAX_VALUE : -Double.MAX_VALUE;
    }
    return t;
  }
}
