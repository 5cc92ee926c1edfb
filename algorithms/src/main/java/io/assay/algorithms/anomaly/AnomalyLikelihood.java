package io.assay.algorithms.anomaly;

/**
 * Streaming anomaly likelihood (after Ahmad et al. 2017, the NAB paper): turns a stream of raw
 * anomaly scores into how unusual the recent raw scores are for this series. The short-term mean of
 * the raw score is compared with a normal distribution fitted to the history of those means; the
 * result is 1 - tail probability. Consecutive red-zone likelihoods are damped after the first, so a
 * sustained anomaly reports once. Causal: each output uses only the inputs so far.
 */
public final class AnomalyLikelihood {
  private final int averagingWindow;
  private final int historyWindow;
  private final int learningPeriod;
  private final int reestimationPeriod;

  private final double[] recentRaw;
  private double recentSum;
  private int recentCount;

  private final double[] averages;
  private int averagesCount;
  private int averagesNext;

  private double mean = 0;
  private double std = 1;
  private int sinceEstimate = Integer.MAX_VALUE / 2;
  private boolean previousRed;
  private long seen;

  /**
   * @param averagingWindow points in the short-term mean (NAB HTM: 10)
   * @param historyWindow means kept for the distribution (NAB HTM: 8640)
   * @param learningPeriod points before any likelihood is reported (0.5 until then)
   * @param reestimationPeriod points between refits of the distribution (NAB HTM: 100)
   */
  public AnomalyLikelihood(
      int averagingWindow, int historyWindow, int learningPeriod, int reestimationPeriod) {
    if (averagingWindow < 1 || historyWindow < 2 || learningPeriod < 0 || reestimationPeriod < 1) {
      throw new IllegalArgumentException("invalid anomaly-likelihood window sizes");
    }
    this.averagingWindow = averagingWindow;
    this.historyWindow = historyWindow;
    this.learningPeriod = learningPeriod;
    this.reestimationPeriod = reestimationPeriod;
    this.recentRaw = new double[averagingWindow];
    this.averages = new double[historyWindow];
  }

  /** Feeds one raw score in [0, 1] and returns the likelihood in [0, 1]. */
  public double update(double raw) {
    double r = Double.isFinite(raw) ? Math.max(0, Math.min(1, raw)) : 0;
    int slot = (int) (seen % averagingWindow);
    if (recentCount == averagingWindow) {
      recentSum -= recentRaw[slot];
    } else {
      recentCount++;
    }
    recentRaw[slot] = r;
    recentSum += r;
    double average = recentSum / recentCount;
    seen++;

    averages[averagesNext] = average;
    averagesNext = (averagesNext + 1) % historyWindow;
    averagesCount = Math.min(averagesCount + 1, historyWindow);

    if (seen <= learningPeriod) {
      return 0.5;
    }
    if (++sinceEstimate >= reestimationPeriod) {
      estimate();
      sinceEstimate = 0;
    }
    double tail = tailProbability(average);
    double likelihood = 1 - tail;
    boolean red = tail <= 1e-5;
    if (red && previousRed) {
      likelihood = 1 - 1e-3;
    }
    previousRed = red;
    return likelihood;
  }

  /** Fits mean and standard deviation to the stored averages, with NAB's lower bounds. */
  private void estimate() {
    double sum = 0;
    for (int i = 0; i < averagesCount; i++) {
      sum += averages[i];
    }
    double m = sum / averagesCount;
    double ss = 0;
    for (int i = 0; i < averagesCount; i++) {
      double d = averages[i] - m;
      ss += d * d;
    }
    double variance = ss / averagesCount;
    mean = Math.max(m, 0.03);
    std = Math.sqrt(Math.max(variance, 0.0003));
  }

  /** Upper tail of the fitted normal; values below the mean are reflected (not anomalous). */
  private double tailProbability(double x) {
    double xp = x < mean ? 2 * mean - x : x;
    double z = (xp - mean) / std;
    return 0.5 * org.apache.commons.math3.special.Erf.erfc(z / Math.sqrt(2));
  }

  /** NAB HTM's log scale of a likelihood: maps 0.9999999999 to 1, stretching the top end. */
  public static double logScale(double likelihood) {
    return Math.log(1.0000000001 - likelihood) / Math.log(1.0 - 0.9999999999);
  }
}
