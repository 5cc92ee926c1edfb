package io.assay.contract.finding;

/**
 * The closed set of computations a figure may be derived by. Each is a plain double expression, so
 * applying it again to the same inputs gives bit-identical output: a checker recomputes every
 * derivation rather than trusting it.
 */
public enum Operation {
  /** The single input as read from an artifact. */
  VALUE(1, 1),
  /** Sum of all inputs, added left to right. */
  SUM(1, Integer.MAX_VALUE),
  /** inputs[0] − inputs[1], e.g. actual minus baseline. */
  DIFFERENCE(2, 2),
  /** inputs[0] / inputs[1]. */
  RATIO(2, 2),
  /** (inputs[1] − inputs[0]) / inputs[0]: growth from a before value to an after value. */
  GROWTH(2, 2),
  /** inputs[0] / inputs[1]: a part's share of a total. */
  SHARE(2, 2),
  /**
   * (partAfter − partBefore) / (totalAfter − totalBefore), inputs in that order: the share of a
   * total's change that one element explains.
   */
  CONTRIBUTION(4, 4),
  /** Arithmetic mean, summed left to right. */
  MEAN(1, Integer.MAX_VALUE),
  MIN(1, Integer.MAX_VALUE),
  MAX(1, Integer.MAX_VALUE);

  private final int minInputs;
  private final int maxInputs;

  Operation(int minInputs, int maxInputs) {
    this.minInputs = minInputs;
    this.maxInputs = maxInputs;
  }

  /** Checks the arity; fails with a message naming the operation when it does not fit. */
  public void requireArity(int inputs) {
    if (inputs < minInputs || inputs > maxInputs) {
      String expected =
          minInputs == maxInputs
              ? String.valueOf(minInputs)
              : maxInputs == Integer.MAX_VALUE
                  ? "at least " + minInputs
                  : minInputs + ".." + maxInputs;
      throw new IllegalArgumentException(
          name() + " takes " + expected + " input(s), got " + inputs);
    }
  }

  /** Applies the operation; a zero divisor or a non-finite result is an error, never NaN. */
  public double apply(double... x) {
    requireArity(x.length);
    double result =
        switch (this) {
          case VALUE -> x[0];
          case SUM -> sum(x);
          case DIFFERENCE -> x[0] - x[1];
          case RATIO, SHARE -> divide(x[0], x[1]);
          case GROWTH -> divide(x[1] - x[0], x[0]);
          case CONTRIBUTION -> divide(x[1] - x[0], x[3] - x[2]);
          case MEAN -> sum(x) / x.length;
          case MIN -> extreme(x, true);
          case MAX -> extreme(x, false);
        };
    if (!Double.isFinite(result)) {
      throw new IllegalArgumentException(name() + " gave a non-finite result: " + result);
    }
    return result;
  }

  private double divide(double numerator, double denominator) {
    if (denominator == 0) {
      throw new IllegalArgumentException(name() + " divides by zero");
    }
    return numerator / denominator;
  }

  private static double sum(double[] x) {
    double total = 0;
    for (double v : x) {
      total += v;
    }
    return total;
  }

  private static double extreme(double[] x, boolean min) {
    double best = x[0];
    for (double v : x) {
      best = min ? Math.min(best, v) : Math.max(best, v);
    }
    return best;
  }
}
