package io.assay.algorithms.adtributor;

/**
 * Explanatory power of each direction-matching element (spec B2.4). Totals cover the filtered rows
 * only, so the EPs of a dimension add up to about 1 ([AMBIGUOUS] in the spec, kept).
 */
final class ExplanatoryPower {
  private static final double ZERO = 1e-9;

  private ExplanatoryPower() {}

  /** EP_i = (real_i - predict_i) / (A - F), or 0 everywhere when the total barely moved. */
  static double[] absolute(double[] predict, double[] real, int[] rows) {
    double f = PairwiseSum.over(predict, rows);
    double a = PairwiseSum.over(real, rows);
    double[] ep = new double[rows.length];
    if (Math.abs(a - f) > ZERO) {
      for (int i = 0; i < rows.length; i++) {
        ep[i] = (real[rows[i]] - predict[rows[i]]) / (a - f);
      }
    }
    return ep;
  }

  /** Ratio EP, normalised by its own sum; NaN and infinite raw values count as 0. */
  static double[] ratio(double[] pn, double[] pd, double[] rn, double[] rd, int[] rows) {
    double fa = PairwiseSum.over(pn, rows);
    double fb = PairwiseSum.over(pd, rows);
    double[] raw = new double[rows.length];
    for (int i = 0; i < rows.length; i++) {
      int r = rows[i];
      double num = (rn[r] - pn[r]) * fb - (rd[r] - pd[r]) * fa;
      double den = fb * (fb + rd[r] - pd[r]);
      double v = num / den;
      raw[i] = Double.isFinite(v) ? v : 0.0;
    }
    double total = PairwiseSum.of(raw);
    double[] ep = new double[rows.length];
    if (Math.abs(total) > ZERO) {
      for (int i = 0; i < rows.length; i++) {
        ep[i] = raw[i] / total;
      }
    }
    return ep;
  }
}
