package io.assay.algorithms.forecast;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;

/**
 * A small deterministic Nelder-Mead minimiser with a hard evaluation budget. Written here rather
 * than taken from commons-math because that optimiser throws away its best point when the budget
 * runs out, and the fit must always return its best point within a bounded time.
 */
final class NelderMead {
  private NelderMead() {}

  /** Minimises {@code f} from {@code start}; non-finite values count as +infinity. */
  static double[] minimise(
      ToDoubleFunction<double[]> f, double[] start, double step, int maxEvals, double tolerance) {
    int dim = start.length;
    double[][] simplex = new double[dim + 1][];
    double[] values = new double[dim + 1];
    simplex[0] = start.clone();
    for (int i = 1; i <= dim; i++) {
      simplex[i] = start.clone();
      simplex[i][i - 1] += step;
    }
    int evals = 0;
    for (int i = 0; i <= dim; i++) {
      values[i] = safe(f.applyAsDouble(simplex[i]));
      evals++;
    }
    Integer[] order = new Integer[dim + 1];
    while (evals < maxEvals) {
      for (int i = 0; i <= dim; i++) {
        order[i] = i;
      }
      final double[] v = values;
      Arrays.sort(order, (a, b) -> Double.compare(v[a], v[b]));
      double[][] sorted = new double[dim + 1][];
      double[] sortedValues = new double[dim + 1];
      for (int i = 0; i <= dim; i++) {
        sorted[i] = simplex[order[i]];
        sortedValues[i] = values[order[i]];
      }
      simplex = sorted;
      values = sortedValues;
      if (Math.abs(values[dim] - values[0])
          <= tolerance * (Math.abs(values[0]) + Math.abs(values[dim])) + 1e-300) {
        break;
      }
      double[] centroid = new double[dim];
      for (int i = 0; i < dim; i++) {
        for (int j = 0; j < dim; j++) {
          centroid[j] += simplex[i][j] / dim;
        }
      }
      double[] reflected = combine(centroid, simplex[dim], 1.0);
      double fr = safe(f.applyAsDouble(reflected));
      evals++;
      if (fr < values[0]) {
        double[] expanded = combine(centroid, simplex[dim], 2.0);
        double fe = safe(f.applyAsDouble(expanded));
        evals++;
        if (fe < fr) {
          simplex[dim] = expanded;
          values[dim] = fe;
        } else {
          simplex[dim] = reflected;
          values[dim] = fr;
        }
      } else if (fr < values[dim - 1]) {
        simplex[dim] = reflected;
        values[dim] = fr;
      } else {
        boolean outside = fr < values[dim];
        double[] contracted = combine(centroid, simplex[dim], outside ? 0.5 : -0.5);
        double fc = safe(f.applyAsDouble(contracted));
        evals++;
        if (fc < Math.min(fr, values[dim])) {
          simplex[dim] = contracted;
          values[dim] = fc;
        } else {
          for (int i = 1; i <= dim; i++) {
            for (int j = 0; j < dim; j++) {
              simplex[i][j] = simplex[0][j] + 0.5 * (simplex[i][j] - simplex[0][j]);
            }
            values[i] = safe(f.applyAsDouble(simplex[i]));
            evals++;
          }
        }
      }
    }
    int best = 0;
    for (int i = 1; i <= dim; i++) {
      if (values[i] < values[best]) {
        best = i;
      }
    }
    return simplex[best];
  }

  /** centroid + coefficient * (centroid - worst). */
  private static double[] combine(double[] centroid, double[] worst, double coefficient) {
    double[] out = new double[centroid.length];
    for (int j = 0; j < out.length; j++) {
      out[j] = centroid[j] + coefficient * (centroid[j] - worst[j]);
    }
    return out;
  }

  private static double safe(double value) {
    return Double.isFinite(value) ? value : Double.POSITIVE_INFINITY;
  }
}
