package io.assay.algorithms.anomaly;

import java.util.Arrays;

/**
 * Statistics of the history that every window score uses (spec A2, A4 steps 3-4): mean level,
 * robust noise scale sigma, historical anomaly frequency f and the dampener 1 - 0.4 min(f, 1). They
 * depend only on the history, so a range scan computes them once.
 */
public record HistoryStatistics(
    double mean, double noiseScale, double historicalAnomalyFrequency, double dampener) {

  /** Computes the statistics of finite history values (empty allowed). */
  public static HistoryStatistics of(double[] history) {
    double sigma = noiseScale(history);
    double f = anomalyFrequency(history, sigma);
    return new HistoryStatistics(mean(history), sigma, f, 1 - 0.4 * Math.min(f, 1));
  }

  /** Left-to-right mean; 0 for an empty array. */
  static double mean(double[] v) {
    if (v.length == 0) {
      return 0.0;
    }
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    return sum / v.length;
  }

  /** Median; 0 for an empty array. */
  static double median(double[] v) {
    if (v.length == 0) {
      return 0.0;
    }
    double[] sorted = v.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static double[] differences(double[] h) {
    double[] d = new double[h.length - 1];
    for (int j = 1; j < h.length; j++) {
      d[j - 1] = h[j] - h[j - 1];
    }
    return d;
  }

  /** Per-point noise scale from the MAD of first differences (spec A2.1). */
  static double noiseScale(double[] h) {
    if (h.length < 2) {
      return 0.0;
    }
    double[] d = differences(h);
    if (d.length == 1) {
      return Math.abs(d[0]) / Math.sqrt(2);
    }
    double m = median(d);
    double[] deviations = new double[d.length];
    for (int j = 0; j < d.length; j++) {
      deviations[j] = Math.abs(d[j] - m);
    }
    double sigmaD = 1.4826 * median(deviations);
    if (sigmaD <= 0) {
      double mean = mean(d);
      double ss = 0;
      for (double x : d) {
        ss += (x - mean) * (x - mean);
      }
      sigmaD = Math.sqrt(ss / (d.length - 1));
    }
    return sigmaD / Math.sqrt(2);
  }

  /** Share of first differences beyond 3 sigma (spec A2.2). */
  static double anomalyFrequency(double[] h, double sigma) {
    if (h.length < 3 || sigma <= 0) {
      return 0.0;
    }
    double[] d = differences(h);
    double c = median(d);
    double threshold = (3 * sigma) * Math.sqrt(2);
    if (threshold <= 0) {
      return 0.0;
    }
    int count = 0;
    for (double x : d) {
      if (Math.abs(x - c) > threshold) {
        count++;
      }
    }
    return (double) count / (h.length - 1);
  }
}
