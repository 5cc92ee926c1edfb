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

  /**
   * The baseline of {@code x[t]} from {@code x[0..upto)} only ({@code t >= upto}): the same fit as
   * {@link #predict} at {@code upto}, extrapolated to {@code t}.
   */
  public double predictAhead(double[] x, int upto, int t, int m) {
    int from = Math.max(0, upto - window);
    if (!seasonal) {
      double[] line = theilSen(x, from, upto, null);
      return line[0] + line[1] * t;
    }
    double[] offsets = offsets(x, upto, m);
    double[] line = theilSen(x, from, upto, offsets);
    return line[0] + line[1] * t + offsets[t % m];
  }

  /** Median residual per season position about a Theil-Sen line over the last cycles. */
  static double[] offsets(double[] x, int t, int m) {
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
    Scratch scratch = SCRATCH.get();
    double[] y = scratch.values(n);
    for (int i = 0; i < n; i++) {
      y[i] = x[from + i] - (offsets == null ? 0 : offsets[(from + i) % offsets.length]);
    }
    if (n == 1) {
      return new double[] {y[0], 0};
    }
    double[] slopes = scratch.slopes(n * (n - 1) / 2);
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        slopes[k++] = (y[j] - y[i]) / (j - i);
      }
    }
    double slope = medianInPlace(slopes, k);
    // The values less the line's slope are the intercepts: y is not needed any more.
    for (int i = 0; i < n; i++) {
      y[i] -= slope * (from + i);
    }
    return new double[] {medianInPlace(y, n), slope};
  }

  /** Working arrays of the line fits, reused: a scan fits thousands of lines. */
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  private static final class Scratch {
    private double[] values = new double[64];
    private double[] slopes = new double[2048];

    double[] values(int n) {
      if (values.length < n) {
        values = new double[n];
      }
      return values;
    }

    double[] slopes(int n) {
      if (slopes.length < n) {
        slopes = new double[n];
      }
      return slopes;
    }
  }

  static double median(double[] v, int n) {
    return medianInPlace(Arrays.copyOf(v, n), n);
  }

  /**
   * The median of {@code v[0..n)}, reordering them: the same value as sorting and taking the middle
   * (or the mean of the two middle values), found by selection in linear expected time.
   */
  static double medianInPlace(double[] v, int n) {
    if (n % 2 == 1) {
      return select(v, 0, n - 1, n / 2);
    }
    double lower = select(v, 0, n - 1, n / 2 - 1);
    // After selection everything from n / 2 on is at least the lower middle: its least is the
    // upper middle.
    double upper = v[n / 2];
    for (int i = n / 2 + 1; i < n; i++) {
      upper = Math.min(upper, v[i]);
    }
    return 0.5 * (lower + upper);
  }

  /** The k-th smallest of v[lo..hi] (Hoare partition, median-of-three pivot); reorders them. */
  private static double select(double[] v, int lo, int hi, int k) {
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      double a = v[lo];
      double b = v[mid];
      double c = v[hi];
      double pivot = a < b ? (b < c ? b : Math.max(a, c)) : (a < c ? a : Math.max(b, c));
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (v[i] < pivot) {
          i++;
        }
        while (v[j] > pivot) {
          j--;
        }
        if (i <= j) {
          double t = v[i];
          v[i] = v[j];
          v[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) {
        hi = j;
      } else if (k >= i) {
        lo = i;
      } else {
        return v[k];
      }
    }
    return v[k];
  }
}
