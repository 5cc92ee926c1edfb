package io.assay.algorithms.forecast;

import java.util.Locale;

/**
 * Season-length detection from the autocorrelation function of the linearly detrended series. A
 * candidate is a local ACF peak above max(0.25, 2/sqrt(n)); among candidates the smallest lag whose
 * ACF is at least 80% of the strongest peak wins (so a multiple of the true period does not), and
 * the calendar period implied by the frequency string wins when it is as strong. At least two full
 * seasons must fit in the series. Returns 1 when there is no season.
 */
public final class SeasonDetector {
  /** Longest lag examined: keeps detection O(n * 1000) on long series. */
  static final int MAX_LAG = 1000;

  private SeasonDetector() {}

  /** The detected season length, or 1. */
  public static int detect(double[] y, String frequency) {
    int n = y.length;
    int maxLag = Math.min(n / 2, MAX_LAG);
    if (maxLag < 3) {
      return 1;
    }
    double[] acf = acf(detrend(y), maxLag + 1);
    if (acf == null) {
      return 1;
    }
    double floor = Math.max(0.25, 2 / Math.sqrt(n));
    int strongest = -1;
    for (int k = 2; k < maxLag; k++) {
      if (isPeak(acf, k) && acf[k] > floor && (strongest < 0 || acf[k] > acf[strongest])) {
        strongest = k;
      }
    }
    if (strongest < 0) {
      return 1;
    }
    int hint = calendarPeriod(frequency);
    if (hint >= 2 && hint < maxLag && acf[hint] >= 0.8 * acf[strongest] && acf[hint] > floor) {
      return hint;
    }
    for (int k = 2; k <= strongest; k++) {
      if (isPeak(acf, k) && acf[k] >= 0.8 * acf[strongest]) {
        return k;
      }
    }
    return strongest;
  }

  private static boolean isPeak(double[] acf, int k) {
    return acf[k] > acf[k - 1] && acf[k] >= acf[k + 1];
  }

  /** The usual season of a frequency string (hourly 24, daily 7, ...), or 0 when none applies. */
  static int calendarPeriod(String frequency) {
    String f = frequency == null ? "" : frequency.toLowerCase(Locale.ROOT);
    if (f.contains("min")) {
      // "5min" -> one day of 5-minute steps; a bare "minutely" -> 1440.
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+)").matcher(f);
      int minutes = m.find() ? Integer.parseInt(m.group(1)) : 1;
      return minutes > 0 && 1440 % minutes == 0 ? 1440 / minutes : 0;
    }
    if (f.contains("hour")) {
      return 24;
    }
    if (f.contains("day") || f.equals("daily")) {
      return 7;
    }
    if (f.contains("week")) {
      return 52;
    }
    if (f.contains("month")) {
      return 12;
    }
    if (f.contains("quarter")) {
      return 4;
    }
    return 0;
  }

  private static double[] detrend(double[] y) {
    int n = y.length;
    double meanT = (n - 1) / 2.0;
    double meanY = 0;
    for (double v : y) {
      meanY += v;
    }
    meanY /= n;
    double sxy = 0;
    double sxx = 0;
    for (int t = 0; t < n; t++) {
      sxy += (t - meanT) * (y[t] - meanY);
      sxx += (t - meanT) * (t - meanT);
    }
    double slope = sxx > 0 ? sxy / sxx : 0;
    double[] out = new double[n];
    for (int t = 0; t < n; t++) {
      out[t] = y[t] - meanY - slope * (t - meanT);
    }
    return out;
  }

  /** Biased ACF for lags 0..lags-1, or null for a constant series. */
  private static double[] acf(double[] x, int lags) {
    int n = x.length;
    double denom = 0;
    for (double v : x) {
      denom += v * v;
    }
    if (!(denom > 1e-12 * n) || !Double.isFinite(denom)) {
      return null;
    }
    double[] out = new double[lags];
    for (int k = 0; k < lags; k++) {
      double s = 0;
      for (int t = k; t < n; t++) {
        s += x[t] * x[t - k];
      }
      out[k] = s / denom;
    }
    return out;
  }
}
