package io.assay.algorithms.anomaly.robust;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unusual periods against one-step-ahead robust baselines. The baseline model (robust trend, or
 * trend plus seasonal offsets when the history holds two cycles) is chosen by its one-step backtest
 * error on the history before the scanned window; that error scales the scores. Periods found
 * unusual are replaced by their baseline before later baselines are fitted, in the history and in
 * the window, so an incident never teaches the baseline (a long shift is accepted after {@link
 * RobustParams#maxHeld} periods). Counts are never judged more regular than their Poisson noise
 * ({@link RobustParams#counts()}).
 */
public final class RobustDetector {
  /** Fewest backtest errors for a model to be chosen on them. */
  static final int MIN_BACKTEST = 6;

  private static final double MAD_TO_SD = 1.4826;

  /** A value below this share of the recent level is the series not yet established. */
  private static final double NEAR_ZERO = 0.02;

  /** What stands in for an expected period before a model has enough history. */
  private static final BaselineModel LINE = new BaselineModel(6, false);

  private RobustDetector() {}

  public static RobustScan scan(double[] values, int scanStart, RobustParams params) {
    return scan(values, scanStart, params, null);
  }

  /**
   * As {@link #scan(double[], int, RobustParams)}, with periods known in advance to be out of the
   * ordinary (a holiday, a campaign, a known change): {@code expected[t]} true. They are never
   * flagged, and they are replaced by their baseline in every fit, as unusual periods are, so they
   * teach no baseline and no typical error. Their score is still computed (what it would have
   * been).
   *
   * @param expected null, or one flag per value
   */
  public static RobustScan scan(
      double[] values, int scanStart, RobustParams params, boolean[] expected) {
    int n = values.length;
    if (expected != null && expected.length != n) {
      throw new IllegalArgumentException(
          "expected flags " + expected.length + " periods, the series " + n);
    }
    boolean[] known = expected == null ? new boolean[n] : expected.clone();
    if (scanStart < 4 || scanStart > n) {
      throw new IllegalArgumentException(
          "a scan needs at least 4 periods of history, got " + scanStart);
    }
    for (double v : values) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("the series holds a non-finite value");
      }
    }
    // The history starts once the series is established: periods before it (a product not yet
    // sold, a count still at zero) would teach the baselines a level that no longer exists and
    // make the typical error look smaller than it is.
    int est = established(values, scanStart, known, params.counts());
    if (est > 0 && scanStart - est >= 2 * MIN_BACKTEST) {
      return shifted(
          scanFrom(
              Arrays.copyOfRange(values, est, n),
              scanStart - est,
              params,
              Arrays.copyOfRange(known, est, n)),
          est);
    }
    return scanFrom(values, scanStart, params, known);
  }

  /** {@code s} (a scan of the values from {@code est}) on the indices of the whole series. */
  private static RobustScan shifted(RobustScan s, int est) {
    int n = s.score().length + est;
    boolean[] expected = new boolean[n];
    System.arraycopy(s.expected(), 0, expected, est, n - est);
    double[] baseline = new double[n];
    double[] score = new double[n];
    Arrays.fill(baseline, Double.NaN);
    Arrays.fill(score, Double.NaN);
    System.arraycopy(s.baseline(), 0, baseline, est, n - est);
    System.arraycopy(s.score(), 0, score, est, n - est);
    double[] spikeError = new double[n];
    Arrays.fill(spikeError, Double.NaN);
    System.arraycopy(s.spikeError(), 0, spikeError, est, n - est);
    List<ScoredInterval> intervals = new ArrayList<>();
    for (ScoredInterval i : s.intervals()) {
      intervals.add(
          new ScoredInterval(
              i.start() + est, i.end() + est, i.peak() + est, i.score(), i.deviation()));
    }
    return new RobustScan(
        s.model(),
        s.season(),
        s.power(),
        s.scanStart() + est,
        s.sigma(),
        baseline,
        score,
        intervals,
        s.backtest(),
        expected,
        s.counts(),
        spikeError);
  }

  private static RobustScan scanFrom(
      double[] values, int scanStart, RobustParams params, boolean[] known) {
    int m = params.season();
    Fit fit = fit(values, scanStart, params, known);
    BaselineModel chosen = fit.model();
    double power = fit.power();
    double[] clean = values.clone();
    double error = backtest(clean, fit.from(), scanStart, chosen, m, params.enter(), power, known);
    double least = floor(values, scanStart, known) / scale(level(values, scanStart, known), power);
    double sigma = Math.max(error, least);

    // A short robust line over the values as they are follows a change of pace within a few
    // periods. An interval must also stand out against it: growth that speeds up or slows down
    // drifts away from the chosen model only, a spike, a drop or the start of a shift from both.
    BaselineModel follower = chosen.seasonal() ? chosen : new BaselineModel(6, false);
    // The follower sees the values as they are, except the expected periods (their baselines).
    // (The same backtest as the chosen model's when the follower is the chosen model.)
    double followerError =
        follower.equals(chosen)
            ? error
            : backtest(
                values.clone(), fit.from(), scanStart, follower, m, params.enter(), power, known);
    double followerSigma = Math.max(followerError, sigma);
    Judged j = judge(values, clean, scanStart, fit, follower, sigma, followerSigma, params, known);
    double[] spikeError = new double[values.length];
    Arrays.fill(spikeError, Double.NaN);
    // A spike judged against both sides once the periods after it are known; the two-sided line's
    // typical error is never below the floor the one-step one has.
    Retrospective.of(values, clean, known, chosen.seasonal() ? m : 0, power)
        .rescore(
            scanStart,
            least,
            followerSigma,
            params,
            new Retrospective.Scores(j.baseline(), j.score(), j.abrupt(), j.confirm(), spikeError));
    // Intervals that are the return to normal of an earlier run are not incidents of their own.
    List<ScoredInterval> unusual = new ArrayList<>();
    for (ScoredInterval i :
        intervals(j.score(), j.abrupt(), j.confirm(), scanStart, params, known)) {
      if (!isReturn(
          i, j.score(), values, clean, follower, m, followerSigma, power, params, known)) {
        unusual.add(i);
      }
    }
    return new RobustScan(
        chosen,
        chosen.seasonal() ? m : 0,
        power,
        scanStart,
        sigma,
        j.baseline(),
        j.score(),
        unusual,
        fit.errors(),
        known,
        params.counts(),
        spikeError);
  }

  /**
   * The baseline model chosen on the history before the scan, with the backtest error of each
   * candidate, the period its final backtest starts from and how its noise grows with the level.
   */
  private record Fit(
      BaselineModel model, Map<BaselineModel, Double> errors, int from, double power) {}

  /**
   * Chooses the baseline model by its one-step backtest error on the history (a seasonal one only
   * when the history holds two cycles and it clearly beats the plain ones).
   */
  private static Fit fit(double[] values, int scanStart, RobustParams params, boolean[] known) {
    int m = params.season();
    boolean seasonal = m >= 2 && scanStart - 2 * m >= MIN_BACKTEST;
    int common = seasonal ? 2 * m : Math.min(scanStart - MIN_BACKTEST, 6);
    common = Math.max(3, common);
    Map<BaselineModel, Double> errors = new LinkedHashMap<>();
    Map<BaselineModel, double[]> cleaned = new LinkedHashMap<>();
    BaselineModel chosen = null;
    for (BaselineModel model : BaselineModel.candidates(seasonal ? m : 0)) {
      double[] c = values.clone();
      double e = backtest(c, common, scanStart, model, m, params.enter(), 0, known);
      errors.put(model, e);
      cleaned.put(model, c);
      // A seasonal model must beat the plain ones clearly: it has more to estimate.
      double bar = model.seasonal() ? 0.9 * errors.get(chosen) : errors.getOrDefault(chosen, 0.0);
      if (chosen == null || e < bar) {
        chosen = model;
      }
    }
    int from = seasonal && !chosen.seasonal() ? 6 : chosen.seasonal() ? 2 * m : common;
    // Noise that grows with the level (counts, a growing business) is measured relative to it.
    double power = power(cleaned.get(chosen), from, scanStart, chosen, m, known);
    return new Fit(chosen, errors, from, power);
  }

  /**
   * The scanned periods' baselines and scores, which of them changed abruptly, and their scores
   * against the follower over the values as they are ({@link #confirm}).
   */
  private record Judged(double[] baseline, double[] score, boolean[] abrupt, double[] confirm) {}

  /**
   * Scores the scanned periods one step ahead, in order, each against the chosen model or the
   * follower, whichever predicted the recent periods better. Unusual and expected periods are
   * replaced by their baseline in {@code clean}, the values both predictions read, so later
   * baselines do not learn from them.
   */
  private static Judged judge(
      double[] values,
      double[] clean,
      int scanStart,
      Fit fit,
      BaselineModel follower,
      double sigma,
      double followerSigma,
      RobustParams params,
      boolean[] known) {
    int n = values.length;
    int m = params.season();
    BaselineModel chosen = fit.model();
    double power = fit.power();
    double[] confirm = confirm(values, scanStart, follower, followerSigma, power, params, known);
    double[] baseline = new double[n];
    double[] score = new double[n];
    Arrays.fill(baseline, 0, scanStart, Double.NaN);
    Arrays.fill(score, 0, scanStart, Double.NaN);
    // A period is abrupt when its score moved by at least the exit threshold from the
    // period before: an incident starts abruptly, a change of pace in the growth does not.
    boolean[] abrupt = new boolean[n];
    double previous =
        known[scanStart - 1]
            ? 0
            : weighted(
                z(values, clean, scanStart - 1, chosen, m, sigma, power, params.counts()), params);
    int held = 0;
    // A baseline of period k reads clean[0..k) only, which is final once k is reached: each is
    // computed once, though the recent errors read it again for six later periods.
    Predicted byChosen = new Predicted(clean, chosen, m);
    Predicted byFollower = follower.equals(chosen) ? byChosen : new Predicted(clean, follower, m);
    for (int t = scanStart; t < n; t++) {
      double b = byChosen.at(t);
      double z = (values[t] - b) / error(b, sigma, power, params.counts());
      // Against the follower when it predicted the recent periods better: the chosen
      // model lags a change of pace, the follower catches up.
      if (recentError(byFollower, t) < recentError(byChosen, t)) {
        b = byFollower.at(t);
        z = (values[t] - b) / error(b, followerSigma, power, params.counts());
      }
      baseline[t] = b;
      score[t] = weighted(z, params);
      if (known[t]) {
        // Expected: it teaches nothing and judges nothing; the next period is judged as if it had
        // been ordinary.
        clean[t] = b;
        previous = 0;
        continue;
      }
      abrupt[t] = Math.signum(score[t]) * (score[t] - previous) >= params.exit();
      boolean continues = held > 0 && Math.signum(score[t]) == Math.signum(previous);
      // Only an abrupt change (or the run it started) is held out of later baselines, so the
      // baseline follows a gradual change of pace instead of drifting further from it.
      // ... and while the follower over the values as they are still finds it unusual: a noisy
      // start of faster growth is let into the baselines once the follower has caught up.
      if (Math.abs(score[t]) >= params.enter()
          && held < params.maxHeld()
          && (abrupt[t] || continues)
          && Math.signum(score[t]) * confirm[t] >= params.exit()) {
        clean[t] = b;
        held++;
      } else if (Math.abs(score[t]) < params.enter() || !continues) {
        held = 0;
      }
      previous = score[t];
    }
    return new Judged(baseline, score, abrupt, confirm);
  }

  /**
   * Each scanned period's score against the follower over the values as they are (expected periods
   * replaced by its baselines, and scored 0).
   */
  private static double[] confirm(
      double[] values,
      int scanStart,
      BaselineModel follower,
      double followerSigma,
      double power,
      RobustParams params,
      boolean[] known) {
    int n = values.length;
    int m = params.season();
    double[] asIs = values.clone();
    for (int t = 1; t < scanStart; t++) {
      if (known[t]) {
        asIs[t] = (t >= follower.minHistory(m) ? follower : LINE).predict(asIs, t, m);
      }
    }
    double[] confirm = new double[n];
    for (int t = scanStart; t < n; t++) {
      double f = follower.predict(asIs, t, m);
      confirm[t] =
          weighted((values[t] - f) / error(f, followerSigma, power, params.counts()), params);
      if (known[t]) {
        asIs[t] = f;
        confirm[t] = 0;
      }
    }
    return confirm;
  }

  /**
   * One-step errors of {@code model} over [from, to) in two passes: the first on the raw values
   * sets a scale, the second replaces values beyond {@code enter} scales by their baseline in
   * {@code x} (so later fits skip them). Returns 1.4826 × the median absolute error of the second.
   */
  static double backtest(
      double[] x,
      int from,
      int to,
      BaselineModel model,
      int m,
      double enter,
      double power,
      boolean[] known) {
    // Expected periods never count as errors and are replaced by their baseline in both passes;
    // before the backtest's start, by a short line's prediction.
    int start = Math.max(from, model.minHistory(m));
    for (int t = 1; t < Math.min(start, to); t++) {
      if (known[t]) {
        x[t] = LINE.predict(x, t, m);
      }
    }
    if (to - start <= 0) {
      return 0;
    }
    double[] err = new double[to - start];
    // The first pass's baselines: of the values as they were (expected periods replaced).
    double[] asWere = new double[to - start];
    int k = 0;
    double[] original = x.clone();
    for (int t = start; t < to; t++) {
      double b = model.predict(x, t, m);
      asWere[t - start] = b;
      if (known[t]) {
        x[t] = b;
      } else {
        err[k++] = Math.abs(x[t] - b) / scale(b, power);
      }
    }
    if (k == 0) {
      return 0;
    }
    double first = MAD_TO_SD * BaselineModel.median(err, k);
    System.arraycopy(original, start, x, start, to - start);
    k = 0;
    for (int t = start; t < to; t++) {
      double b = model.predict(x, t, m);
      if (known[t]) {
        x[t] = b;
        continue;
      }
      err[k] = Math.abs(x[t] - b) / scale(b, power);
      // Replaced only while it also stands out against the values as they were: once the cleaned
      // values lag a change of pace, every later value would stand out against them and be
      // replaced in turn, and the baseline would extrapolate an old line for ever.
      double r = asWere[t - start];
      if (first > 0
          && err[k] > enter * first
          && Math.abs(x[t] - r) / scale(r, power) > enter * first) {
        x[t] = b;
      }
      k++;
    }
    return MAD_TO_SD * BaselineModel.median(err, k);
  }

  /**
   * How the one-step error grows with the level: the Theil-Sen slope of log |error| on log
   * |baseline| over the history, rounded to 0 (constant noise), 1/2 (counts) or 1 (proportional
   * noise). 0 unless every baseline is positive and there are enough errors to tell.
   */
  static double power(double[] x, int from, int to, BaselineModel model, int m, boolean[] known) {
    int start = Math.max(from, model.minHistory(m));
    int k = 0;
    double[] lb = new double[Math.max(0, to - start)];
    double[] le = new double[lb.length];
    for (int t = start; t < to; t++) {
      if (known[t]) {
        continue;
      }
      double b = model.predict(x, t, m);
      double e = Math.abs(x[t] - b);
      if (!(b > 0)) {
        return 0;
      }
      if (e > 0) {
        lb[k] = Math.log(b);
        le[k] = Math.log(e);
        k++;
      }
    }
    if (k < 2 * MIN_BACKTEST) {
      return 0;
    }
    double[] slopes = new double[k * (k - 1) / 2];
    int s = 0;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        if (lb[j] != lb[i]) {
          slopes[s++] = (le[j] - le[i]) / (lb[j] - lb[i]);
        }
      }
    }
    if (s == 0) {
      return 0;
    }
    double slope = BaselineModel.median(slopes, s);
    return Math.round(2 * Math.max(0, Math.min(1, slope))) / 2.0;
  }

  /** What an error is divided by: the baseline to the power (1 when the power is 0). */
  static double scale(double baseline, double power) {
    return power == 0 ? 1 : Math.pow(Math.max(Math.abs(baseline), 1e-9), power);
  }

  private static double z(
      double[] values,
      double[] clean,
      int t,
      BaselineModel model,
      int m,
      double sigma,
      double power,
      boolean counts) {
    double b = model.predict(clean, t, m);
    return (values[t] - b) / error(b, sigma, power, counts);
  }

  /**
   * The typical one-step error of a period with baseline {@code b}: {@code sigma × scale}, and for
   * counts at least the Poisson noise √b.
   */
  static double error(double b, double sigma, double power, boolean counts) {
    double e = sigma * scale(b, power);
    return counts ? Math.max(e, Math.sqrt(Math.max(Math.abs(b), 1))) : e;
  }

  /**
   * Median absolute one-step error of a model over the six periods before {@code t}, of those with
   * an earlier value to be predicted from: the first period of the series has none (a scan of the
   * fewest history periods trend_anomaly accepts, six, failed on it).
   */
  private static double recentError(Predicted p, int t) {
    double[] e = new double[6];
    int n = 0;
    for (int k = Math.max(1, t - 6); k < t; k++) {
      e[n++] = Math.abs(p.x[k] - p.at(k));
    }
    return n == 0 ? 0 : BaselineModel.medianInPlace(e, n);
  }

  /** A model's one-step baselines over {@code x}, each computed when first asked for. */
  private static final class Predicted {
    final double[] x;
    private final BaselineModel model;
    private final int m;
    private final double[] value;
    private final boolean[] done;

    Predicted(double[] x, BaselineModel model, int m) {
      this.x = x;
      this.model = model;
      this.m = m;
      this.value = new double[x.length];
      this.done = new boolean[x.length];
    }

    double at(int t) {
      if (!done[t]) {
        value[t] = model.predict(x, t, m);
        done[t] = true;
      }
      return value[t];
    }
  }

  static double weighted(double z, RobustParams params) {
    return z * (z < 0 ? params.dropWeight() : params.riseWeight());
  }

  /**
   * The first period from which every value of the history before {@code scanStart} is at least a
   * fiftieth of the history's recent typical level (0 when the series never sat near zero).
   */
  public static int established(double[] values, int scanStart, boolean[] known) {
    return established(values, scanStart, known, false);
  }

  /**
   * As {@link #established(double[], int, boolean[])}; for counts, a run of zeros is the series not
   * yet started only when a count at the recent level would almost never stay at zero that long
   * (its Poisson chance, e^(-level × run), below {@link #NOT_STARTED}): a count of a few events a
   * period is at zero now and then, and those periods are part of its ordinary history.
   */
  public static int established(double[] values, int scanStart, boolean[] known, boolean counts) {
    int k = Math.min(12, scanStart);
    double[] recent = new double[k];
    for (int i = 0; i < k; i++) {
      recent[i] = Math.abs(values[scanStart - k + i]);
    }
    double level = BaselineModel.median(recent, k);
    if (!(level > 0)) {
      return 0;
    }
    double longest = -Math.log(NOT_STARTED) / level;
    int run = 0;
    int after = 0;
    for (int i = scanStart - 1; i >= 0; i--) {
      if (known[i]) {
        continue;
      }
      if (Math.abs(values[i]) >= NEAR_ZERO * level) {
        run = 0;
        continue;
      }
      // The period after the run (expected periods inside it do not break it).
      after = run == 0 ? i + 1 : after;
      run++;
      if (!counts || run >= longest) {
        return after;
      }
    }
    return 0;
  }

  /** Poisson chance under which a run of zeros means a count had not started yet. */
  static final double NOT_STARTED = 1e-3;

  /**
   * A flat history still gets a scale: {@link #FLOOR} of its typical level (the median of its
   * nonzero values, so a history mostly at zero does not make every later value look infinitely
   * unusual).
   */
  private static double floor(double[] values, int scanStart, boolean[] known) {
    return Math.max(1e-9, FLOOR * level(values, scanStart, known));
  }

  /**
   * The least typical error, as a share of the history's typical level. It only stands in for a
   * history that gives no scale (flat); a large aggregate that is smooth has a real typical error
   * well under a hundredth of its level, and a floor of a hundredth hid a drop of 4 % of such a
   * series behind a scale several times its own (a slice at 16 M wobbling by 50 k, one-step and
   * two-sided, judged against 166 k).
   */
  static final double FLOOR = 1e-3;

  /** Median of the nonzero |values| of the history (expected periods left out), 0 if none. */
  private static double level(double[] values, int scanStart, boolean[] known) {
    double[] a = new double[scanStart];
    int k = 0;
    for (int i = 0; i < scanStart; i++) {
      if (!known[i] && values[i] != 0) {
        a[k++] = Math.abs(values[i]);
      }
    }
    return k == 0 ? 0 : BaselineModel.median(a, k);
  }

  /** Share of the exit threshold by which the first period of a returned-from run stands out. */
  static final double ABRUPT_START = 2.0 / 3;

  /** Periods before an interval that may hold the run it returns from, at most. */
  static final int RETURN_SPAN = 4;

  /** Whether a period in [from, to) that was not expected scored {@code exit} or more. */
  private static boolean unusualIn(double[] score, int from, int to, double exit, boolean[] known) {
    for (int t = Math.max(0, from); t < to; t++) {
      if (!known[t] && Double.isFinite(score[t]) && Math.abs(score[t]) >= exit) {
        return true;
      }
    }
    return false;
  }

  /** Mean of the scores over [from, to) that were not expected (0 when none). */
  private static double mean(double[] score, int from, int to, boolean[] known) {
    double sum = 0;
    int k = 0;
    for (int t = from; t < to; t++) {
      if (!known[t] && Double.isFinite(score[t])) {
        sum += score[t];
        k++;
      }
    }
    return k == 0 ? 0 : sum / k;
  }

  /**
   * Whether the interval is the return to normal of a run just before it: a run that is ordinary
   * against the baseline fitted before the {@code L} periods preceding it ({@code L} up to {@link
   * #RETURN_SPAN}), while those periods stood out the other way against that baseline by the exit
   * threshold on average. A shift that scored under the threshold, or was let into the baselines by
   * the follower, pulls the baseline towards its level, so the periods after it stand out the other
   * way; the shift is the incident, its end is not another one, so the scan drops such intervals.
   */
  private static boolean isReturn(
      ScoredInterval i,
      double[] score,
      double[] values,
      double[] clean,
      BaselineModel model,
      int m,
      double sigma,
      double power,
      RobustParams p,
      boolean[] known) {
    double sign = Math.signum(i.deviation());
    for (int lag = 1; lag <= RETURN_SPAN; lag++) {
      int upto = i.start() - lag;
      if (upto < model.minHistory(m) + 1) {
        break;
      }
      if (unusualIn(score, upto - model.window(), upto, p.exit(), known)) {
        // A line fitted on periods the scan found unusual says nothing of what was normal.
        continue;
      }
      double b = model.predictAhead(clean, upto, i.peak(), m);
      double z = (values[i.peak()] - b) / error(b, sigma, power, p.counts());
      if (Math.abs(z) >= p.exit()) {
        continue;
      }
      double before = 0;
      double first = Double.NaN;
      int k = 0;
      for (int t = upto; t < i.start(); t++) {
        if (!known[t]) {
          double bt = model.predictAhead(clean, upto, t, m);
          double zt = -sign * (values[t] - bt) / error(bt, sigma, power, p.counts());
          first = k == 0 ? zt : first;
          before += zt;
          k++;
        }
      }
      // ... and that run started abruptly: a faster pace the line fitted before it did not know
      // drifts away from it gradually, its first period barely; and it stood out the other way in
      // the scan itself, if under the threshold (a pace the scan's baselines kept up with did not).
      if (k > 0
          && before / k >= p.exit()
          && first >= ABRUPT_START * p.exit()
          && -sign * mean(score, upto, i.start(), known) >= 1) {
        return true;
      }
    }
    return false;
  }

  /**
   * Runs of one sign at or beyond {@code exit} holding a period at or beyond {@code enter} and an
   * abrupt period, confirmed by a period at or beyond {@code exit} against the follower (a run of
   * small exceedances that only drifts away is a change of pace).
   */
  static List<ScoredInterval> intervals(
      double[] score,
      boolean[] abrupt,
      double[] confirm,
      int scanStart,
      RobustParams p,
      boolean[] known) {
    List<ScoredInterval> out = new ArrayList<>();
    int n = score.length;
    int t = scanStart;
    while (t < n) {
      if (known[t] || Math.abs(score[t]) < p.exit()) {
        t++;
        continue;
      }
      double sign = Math.signum(score[t]);
      int start = t;
      int peak = t;
      boolean sudden = false;
      boolean confirmed = false;
      while (t < n
          && !known[t]
          && Math.abs(score[t]) >= p.exit()
          && Math.signum(score[t]) == sign) {
        if (Math.abs(score[t]) > Math.abs(score[peak])) {
          peak = t;
        }
        sudden |= abrupt[t];
        confirmed |= sign * confirm[t] >= p.exit();
        t++;
      }
      if (Math.abs(score[peak]) >= p.enter() && sudden && confirmed) {
        out.add(new ScoredInterval(start, t - 1, peak, Math.abs(score[peak]), score[peak]));
      }
    }
    out.sort(Comparator.comparingDouble(ScoredInterval::score).reversed());
    return out;
  }
}
