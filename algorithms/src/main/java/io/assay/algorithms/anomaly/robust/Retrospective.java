package io.assay.algorithms.anomaly.robust;

import java.util.Arrays;

/**
 * A second look at scanned periods whose next periods are known: a one-period spike judged against
 * its neighbours on both sides. The one-step baseline extrapolates the trailing periods only; a
 * robust line through {@link #BEFORE} periods before and {@link #AFTER} after the spike
 * interpolates, which errs less, and it is scaled by its own typical error on the history, so a
 * spike ranks by how far it stands out from both sides. Periods already unusual against the
 * one-step baseline are rescored; with {@link RobustParams#secondLook()}, so are periods near the
 * threshold (at {@code exit}), flagged when the two-sided line puts them beyond it by {@link
 * #SECOND_LOOK}. A second test of every period would flag more noise. A period whose next periods
 * stand out together from the line before it is the eve (or the start) of a level shift, not a
 * spike: it keeps its one-step score.
 */
final class Retrospective {
  /** Periods before the judged one that the two-sided line goes through. */
  static final int BEFORE = 6;

  /** Periods after the judged one that the two-sided line goes through. */
  static final int AFTER = 2;

  private static final double MAD_TO_SD = 1.4826;

  /**
   * How far beyond the threshold a period the one-step baseline did not flag must stand from the
   * two-sided line ({@link RobustParams#secondLook()}): a second test of the same period is a
   * second chance to flag noise, so its bar is raised.
   */
  static final double SECOND_LOOK = 0.5;

  private final double[] before;
  private final double[] after;
  private final boolean[] known;
  private final int season;
  private final double power;
  private final double[][] offsets;

  private Retrospective(
      double[] before, double[] after, boolean[] known, int season, double power) {
    this.before = before;
    this.after = after;
    this.known = known;
    this.season = season;
    this.power = power;
    this.offsets = new double[before.length][];
  }

  /**
   * A look back over {@code values}. Before a period the line reads {@code clean}, the scan's
   * values with held and expected periods replaced by their baselines (an earlier incident does not
   * bend it); after it, the values as they are, expected periods replaced.
   *
   * @param known per period: expected, so never judged and never an error
   * @param season cycle length when the chosen model is seasonal, else 0: the line is then fitted
   *     to the values less the seasonal offsets learned from the periods before the judged one
   * @param power how the typical error grows with the level ({@link RobustScan#power()})
   */
  static Retrospective of(
      double[] values, double[] clean, boolean[] known, int season, double power) {
    double[] after = new double[values.length];
    for (int t = 0; t < values.length; t++) {
      after[t] = known[t] ? clean[t] : values[t];
    }
    return new Retrospective(clean, after, known, season, power);
  }

  /**
   * A scan's working arrays per period, changed in place for the spikes the two-sided line finds
   * ({@code error}: the typical error their score is in, NaN elsewhere).
   */
  record Scores(
      double[] baseline, double[] score, boolean[] abrupt, double[] confirm, double[] error) {}

  /**
   * Rescores the scanned periods from {@code scanStart}: a period unusual against the one-step
   * baseline that stands out further, the same way, from the two-sided line takes the two-sided
   * baseline, score and typical error, and counts as abrupt and confirmed (the line reads the
   * values as they are after it); with a second look, so does a period at the exit threshold one
   * step ahead that the two-sided line puts, the same way, at the threshold plus {@link
   * #SECOND_LOOK}. Periods without two later periods, expected ones, and the eve or start of a
   * level shift keep their one-step scores.
   *
   * @param floor least typical error of the two-sided line
   * @param followerSigma typical error of the short line the eve of a shift is judged against
   */
  void rescore(int scanStart, double floor, double followerSigma, RobustParams params, Scores s) {
    // The history's two-sided errors are measured only once a period is a candidate: most scans
    // have none, and the scan must stay cheap over many slices.
    double sigma = Double.NaN;
    for (int t = scanStart; t < after.length; t++) {
      double oneStep = s.score()[t];
      // Under the threshold one step ahead but near it: the two-sided line may find a spike the
      // trailing baseline blurred (when the scan asks for a second look).
      boolean secondLook = Math.abs(oneStep) < params.enter();
      if ((secondLook && (!params.secondLook() || Math.abs(oneStep) < params.exit()))
          || known[t]
          || !judgeable(t)
          || eveOfShift(t, followerSigma, params)) {
        continue;
      }
      if (Double.isNaN(sigma)) {
        sigma = Math.max(sigma(scanStart), floor);
      }
      double b = baseline(t);
      double e = RobustDetector.error(b, sigma, power, params.counts());
      double z = RobustDetector.weighted((after[t] - b) / e, params);
      boolean spike =
          secondLook
              ? Math.signum(z) * oneStep > 0 && Math.abs(z) >= params.enter() + SECOND_LOOK
              : Math.signum(z) * oneStep >= params.enter() && Math.abs(z) > Math.abs(oneStep);
      if (spike) {
        s.baseline()[t] = b;
        s.score()[t] = z;
        s.abrupt()[t] = true;
        s.confirm()[t] = z;
        s.error()[t] = e;
      }
    }
  }

  /** Whether period {@code t} has its full neighbourhood (and offsets) among the values. */
  boolean judgeable(int t) {
    return t >= Math.max(BEFORE, 2 * season) && t + AFTER < before.length;
  }

  /** The baseline of period {@code t} from the line through its neighbours on both sides. */
  double baseline(int t) {
    double[] xs = new double[BEFORE + AFTER];
    double[] ys = new double[BEFORE + AFTER];
    int k = 0;
    for (int i = t - BEFORE; i < t; i++) {
      xs[k] = i - t;
      ys[k++] = before[i] - offset(t, i);
    }
    for (int i = t + 1; i <= t + AFTER; i++) {
      xs[k] = i - t;
      ys[k++] = after[i] - offset(t, i);
    }
    return intercept(xs, ys, k) + offset(t, t);
  }

  /**
   * Whether the periods after {@code t} both stand out, the same way, by {@code exit} typical
   * errors ({@code sigma}) from the line through the periods before it: they hold a new level, and
   * a line through them says nothing of what {@code t} should have been.
   */
  boolean eveOfShift(int t, double sigma, RobustParams p) {
    // Judged as a one-step baseline would be: the line before t extrapolated a period or two.
    double[] xs = new double[BEFORE];
    double[] ys = new double[BEFORE];
    for (int i = 0; i < BEFORE; i++) {
      xs[i] = i - BEFORE;
      ys[i] = before[t - BEFORE + i] - offset(t, t - BEFORE + i);
    }
    double[] line = line(xs, ys, BEFORE);
    double sign = 0;
    for (int i = 1; i <= AFTER; i++) {
      double b = line[0] + line[1] * i + offset(t, t + i);
      double z = (after[t + i] - b) / RobustDetector.error(b, sigma, power, p.counts());
      double s = Math.signum(z);
      if (Math.abs(z) < p.exit() || (sign != 0 && s != sign)) {
        return false;
      }
      sign = s;
    }
    return true;
  }

  /**
   * The typical error of the two-sided line over the history periods before {@code to} with their
   * full neighbourhood before it: 1.4826 × the median absolute error, relative to the level to the
   * power (0 when there are none). Expected periods are no errors.
   */
  private double sigma(int to) {
    int end = to - AFTER;
    if (end <= 0) {
      return 0;
    }
    double[] err = new double[end];
    int k = 0;
    for (int t = 0; t < end; t++) {
      if (judgeable(t) && !known[t]) {
        double b = baseline(t);
        err[k++] = Math.abs(after[t] - b) / RobustDetector.scale(b, power);
      }
    }
    return k == 0 ? 0 : MAD_TO_SD * BaselineModel.median(err, k);
  }

  /** The seasonal offset of period {@code i} as learned before judged period {@code t}. */
  private double offset(int t, int i) {
    if (season == 0) {
      return 0;
    }
    if (offsets[t] == null) {
      offsets[t] = BaselineModel.offsets(before, t, season);
    }
    return offsets[t][i % season];
  }

  private static double intercept(double[] xs, double[] ys, int k) {
    return line(xs, ys, k)[0];
  }

  /** Intercept (at x = 0) and slope of the Theil-Sen line through (xs, ys)[0..k). */
  private static double[] line(double[] xs, double[] ys, int k) {
    double[] slopes = new double[k * (k - 1) / 2];
    int s = 0;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        slopes[s++] = (ys[j] - ys[i]) / (xs[j] - xs[i]);
      }
    }
    double slope = BaselineModel.medianInPlace(slopes, s);
    double[] rest = Arrays.copyOf(ys, k);
    for (int i = 0; i < k; i++) {
      rest[i] -= slope * xs[i];
    }
    return new double[] {BaselineModel.medianInPlace(rest, k), slope};
  }
}
