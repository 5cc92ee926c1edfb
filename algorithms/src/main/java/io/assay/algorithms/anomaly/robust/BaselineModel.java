package io.assay.algorithms.anomaly.robust;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A one-step-ahead baseline: predicts value {@code t} from the values before it alone (the period
 * judged never enters its own baseline). A Theil-Sen line over the last {@code window} values,
 * extrapolated one step; with {@code seasonal}, fitted to the values less their seasonal offsets
 * (the median residual of each season position about a line over the last three cycles) and the
 * offset of {@code t} added back. Robust fits, so one unusual value in the window moves them
 * little.
 *
 * @param window values the local line is fitted on
 */
public record BaselineModel(int window, boolean seasonal) {
  /** Trend windows tried; short ones follow curved growth, long ones average more noise. */
  static final int[] WINDOWS = {6, 12, 24};

  static final int CYCLES = 3;

  public BaselineModel {
    if (window < 2) {
      throw new IllegalArgumentException("a trend window needs at least 2 values, got " + window);
    }
  }

  /** The candidates for season {@code m} (0: none), the plain ones first. */
  static List<BaselineModel> candidates(int m) {
    List<BaselineModel> out = new ArrayList<>();
    for (int w : WINDOWS) {
      out.add(new BaselineModel(w, false));
    }
    if (m >= 2) {
      out.add(new BaselineModel(12, true));
    }
    return out;
  }

  public String label() {
    return "robust trend over " + window + " periods" + (seasonal ? " + seasonal offsets" : "");
  }

  /** Fewest values before {@code t} the model needs (season {@code m}). */
  public int minHistory(int m) {
    return seasonal ? 2 * m : 3;
  }

  /** The baseline of {@code x[t]} from {@code x[0..t)}. */
  public double predict(double[] x, int t, int m) {
    int from = Math.max(0, t - window);
    if (!seasonal) {
      double[] line = theilSen(x, from, t, null);
      return line[0] + line[1] * t;
    }
    double[] offsets = offsets(x, t, m);
    double[] line = theilSen(x, from, t, offsets);
    return line[0] + line[1] * t + offsets[t % m];
  }

  /** Median residual per season position about a Theil-Sen line over the last cycles. */
  private static double[] offsets(double[] x, int t, int m) {
    int from = Math.max(0, t - CYCLES * m);
    double[] line = theilSen(x, from, t, null);
    double[] out = new double[m];
    double[] same = new double[CYCLES + 1];
    for (int pos = 0; pos < m; pos++) {
      int k = 0;
      for (int i = from; i < t; i++) {
        if (i % m == pos) {
          same[k++] = x[i] - (line[0] + line[1] * i);
        }
      }
      out[pos] = k >= 2 ? median(same, k) : 0;
    }
    double centre = median(out, m);
    for (int pos = 0; pos < m; pos++) {
      out[pos] -= centre;
    }
    return out;
  }

  /**
   * Intercept and slope (at absolute index) of the Theil-Sen line through x[from..to), less the
   * seasonal offsets when given.
   */
  static double[] theilSen(double[] x, int from, int to, double[] offsets) {
    int n = to - from;
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = x[from + i] - (offsets == null ? 0 : offsets[(from + i) % offsets.length]);
    }
    if (n == 1) {
      return new double[] {y[0], 0};
    }
    double[] slopes = new double[n * (n - 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        slopes[k++] = (y[j] - y[i]) / (j - i);
      }
    }
    double slope = median(slopes, k);
    double[] icpt = new double[n];
    for (int i = 0; i < n; i++) {
      icpt[i] = y[i] - slope * (from + i);
    }
    return new double[] {median(icpt, n), slope};
  }

  static double median(double[] v, int n) {
    double[] s = Arrays.copyOf(v, n);
    Arrays.sort(s);
    return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  }
}
