package io.assay.algorithms.forecast;

/**
 * Additive Holt-Winters with damped trend, in error-correction (ETS(A,Ad,A)) form, so that the
 * prediction variance has a closed form (Hyndman et al. 2008, class 1 models). With {@code period
 * == 1} it is damped Holt (ETS(A,Ad,N)).
 *
 * <pre>
 *   e_t = y_t - (l + phi*b + s[t mod m])
 *   l  <- l + phi*b + alpha*e      b <- phi*b + beta*e      s[t mod m] <- s[t mod m] + gamma*e
 * </pre>
 *
 * Parameters are fitted by minimising the one-step squared error with Nelder-Mead under 0 < alpha <
 * 1, 0 <= beta <= alpha, 0 <= gamma <= 1 - alpha and 0.8 <= phi <= 0.98 (the usual admissible
 * region; phi is kept below 1 so that long horizons do not extrapolate a trend forever).
 *
 * <p>The instance is a filter state: {@link #update(double)} feeds one more observation, which is
 * what a streaming detector needs.
 */
public final class HoltWinters {
  private static final double PHI_MIN = 0.8;
  private static final double PHI_MAX = 0.98;
  private static final int MAX_EVALS = 400;

  /** Smoothing parameters. */
  public record Parameters(double alpha, double beta, double gamma, double phi) {}

  private final int period;
  private final Parameters params;
  private double level;
  private double trend;
  private final double[] season;
  private long time;
  private final double sigma;

  private HoltWinters(
      int period, Parameters params, double level, double trend, double[] season, double sigma) {
    this.period = period;
    this.params = params;
    this.level = level;
    this.trend = trend;
    this.season = season;
    this.sigma = sigma;
  }

  /** The fewest points {@link #fit} accepts for a season length. */
  public static int minimumLength(int period) {
    return period > 1 ? 2 * period + 2 : 4;
  }

  /**
   * Fits the model to {@code y} (finite values, at least {@link #minimumLength}) and leaves the
   * state after the last point.
   */
  public static HoltWinters fit(double[] y, int period) {
    validate(y, y.length, period);
    boolean seasonal = period > 1;
    double[] start =
        seasonal
            ? new double[] {logit(0.3), logit(0.1), logit(0.1), logit(0.8)}
            : new double[] {logit(0.3), logit(0.1), logit(0.8)};
    double[] best =
        NelderMead.minimise(
            u -> sumOfSquaredErrors(y, period, decode(u, seasonal)), start, 1.0, MAX_EVALS, 1e-8);
    return withParameters(y, period, decode(best, seasonal));
  }

  /** Runs the filter over {@code y} with given parameters (no fitting). */
  public static HoltWinters withParameters(double[] y, int period, Parameters p) {
    return withParameters(y, y.length, period, p);
  }

  /** Runs the filter over the first {@code n} points of {@code y} with given parameters. */
  public static HoltWinters withParameters(double[] y, int n, int period, Parameters p) {
    validate(y, n, period);
    HoltWinters state = initial(y, period, p);
    double sse = 0;
    for (int t = 0; t < n; t++) {
      double e = state.update(y[t]);
      sse += e * e;
    }
    int dof = n - parameterCount(period);
    double sigma = Math.sqrt(sse / Math.max(dof, 1));
    HoltWinters fitted =
        new HoltWinters(period, p, state.level, state.trend, state.season, finite(sigma));
    fitted.time = state.time;
    return fitted;
  }

  private static int parameterCount(int period) {
    return period > 1 ? 4 + 2 + period : 3 + 2;
  }

  private static void validate(double[] y, int n, int period) {
    if (period < 1) {
      throw new IllegalArgumentException("period must be >= 1, got " + period);
    }
    if (n < minimumLength(period) || n > y.length) {
      throw new IllegalArgumentException(
          "Holt-Winters with period "
              + period
              + " needs at least "
              + minimumLength(period)
              + " points, got "
              + n);
    }
    for (int t = 0; t < n; t++) {
      if (!Double.isFinite(y[t])) {
        throw new IllegalArgumentException("Holt-Winters needs finite values");
      }
    }
  }

  /** Sum of squared one-step errors (the fitting objective). */
  private static double sumOfSquaredErrors(double[] y, int period, Parameters p) {
    HoltWinters state = initial(y, period, p);
    double sse = 0;
    for (int t = 0; t < y.length; t++) {
      double e = state.update(y[t]);
      sse += e * e;
      if (!(sse < Double.MAX_VALUE)) {
        return Double.POSITIVE_INFINITY;
      }
    }
    return sse;
  }

  /** Initial states from the first two seasons (or the first points without season). */
  private static HoltWinters initial(double[] y, int period, Parameters p) {
    if (period > 1) {
      double mean1 = 0;
      double mean2 = 0;
      for (int i = 0; i < period; i++) {
        mean1 += y[i];
        mean2 += y[period + i];
      }
      mean1 /= period;
      mean2 /= period;
      double slope = (mean2 - mean1) / period;
      double[] season = new double[period];
      for (int i = 0; i < period; i++) {
        season[i] = y[i] - (mean1 + slope * (i - (period - 1) / 2.0));
      }
      double level = mean1 - slope * ((period + 1) / 2.0);
      return new HoltWinters(period, p, level, slope, season, 0);
    }
    int k = Math.min(y.length - 1, 10);
    double slope = k > 0 ? (y[k] - y[0]) / k : 0;
    return new HoltWinters(1, p, y[0] - slope, slope, new double[] {0.0}, 0);
  }

  private static Parameters decode(double[] u, boolean seasonal) {
    double alpha = 0.0001 + 0.9989 * sigmoid(u[0]);
    double beta = alpha * sigmoid(u[1]);
    double gamma = seasonal ? (1 - alpha) * sigmoid(u[2]) : 0.0;
    double phi = PHI_MIN + (PHI_MAX - PHI_MIN) * sigmoid(u[seasonal ? 3 : 2]);
    return new Parameters(alpha, beta, gamma, phi);
  }

  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  private static double logit(double p) {
    return Math.log(p / (1 - p));
  }

  private static double finite(double v) {
    return Double.isFinite(v) ? v : 0.0;
  }

  /** Feeds one observation; returns its one-step error (actual minus forecast). */
  public double update(double y) {
    int slot = (int) (time % period);
    double e = y - (level + params.phi() * trend + season[slot]);
    level = level + params.phi() * trend + params.alpha() * e;
    trend = params.phi() * trend + params.beta() * e;
    season[slot] += params.gamma() * e;
    time++;
    return e;
  }

  /** Forecast for the next point. */
  public double oneStepForecast() {
    return level + params.phi() * trend + season[(int) (time % period)];
  }

  /** Point forecasts for the next {@code horizon} points. */
  public double[] forecast(int horizon) {
    double[] out = new double[Math.max(horizon, 0)];
    double phiSum = 0;
    double phiPower = 1;
    for (int h = 1; h <= out.length; h++) {
      phiPower *= params.phi();
      phiSum += phiPower;
      out[h - 1] = level + phiSum * trend + season[(int) ((time + h - 1) % period)];
    }
    return out;
  }

  /**
   * Standard deviations of the forecasts: sigma * sqrt(1 + sum_{j<h} c_j^2) with c_j = alpha +
   * beta*phi_j + gamma*[j divisible by m].
   */
  public double[] forecastStd(int horizon) {
    double[] out = new double[Math.max(horizon, 0)];
    double acc = 1;
    double phiJ = 0;
    double phiPower = 1;
    for (int h = 1; h <= out.length; h++) {
      out[h - 1] = sigma * Math.sqrt(acc);
      int j = h;
      phiPower *= params.phi();
      phiJ += phiPower;
      double c =
          params.alpha()
              + params.beta() * phiJ
              + (period > 1 && j % period == 0 ? params.gamma() : 0);
      acc += c * c;
    }
    return out;
  }

  /** Residual standard deviation of the fit (one-step). */
  public double sigma() {
    return sigma;
  }

  public Parameters parameters() {
    return params;
  }

  public int period() {
    return period;
  }
}
