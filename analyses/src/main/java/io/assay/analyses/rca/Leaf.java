package io.assay.analyses.rca;

import io.assay.algorithms.rca.RootCause;
import io.assay.analyses.support.Breakdown;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One combination of elements, one per dimension, with what was expected of it and what it held.
 *
 * @param values one element per dimension, in the dimensions' order
 */
record Leaf(List<String> values, double predict, double real) {

  /**
   * The leaves of the period against the reference: the reference's values as they are, or, given
   * an expected total, that total split by each leaf's share of the reference. Null when there is
   * no reference mix to split by.
   */
  static List<Leaf> join(Breakdown actual, Breakdown before, Double expectedTotal) {
    Set<String> keys = new LinkedHashSet<>(before.entries().keySet());
    keys.addAll(actual.entries().keySet());
    double priorTotal = 0;
    for (Breakdown.Entry e : before.entries().values()) {
      priorTotal += Math.max(0, e.value());
    }
    if (expectedTotal != null && priorTotal <= 0) {
      return null;
    }
    List<Leaf> out = new ArrayList<>();
    for (String k : keys) {
      Breakdown.Entry a = actual.entries().get(k);
      Breakdown.Entry p = before.entries().get(k);
      List<String> labels = a != null ? a.labels() : p.labels();
      double prior = p == null ? 0 : Math.max(0, p.value());
      double predict = expectedTotal == null ? prior : expectedTotal * prior / priorTotal;
      out.add(new Leaf(labels, predict, a == null ? 0 : Math.max(0, a.value())));
    }
    return out;
  }

  /**
   * The leaves searched and those left out as noise: tiny leaves swing by large ratios from noise
   * alone (a few transactions more or less), and the search's noise is relative, so they would
   * outrank real causes.
   *
   * @param smallReal what the left-out leaves hold
   */
  record Split(List<Leaf> searched, int small, double smallReal) {
    static Split of(List<Leaf> leaves, double minLeafShare) {
      double scale =
          Math.max(
              leaves.stream().mapToDouble(Leaf::real).sum(),
              leaves.stream().mapToDouble(Leaf::predict).sum());
      List<Leaf> searched = new ArrayList<>();
      double smallReal = 0;
      int small = 0;
      for (Leaf l : leaves) {
        if (Math.max(l.real(), l.predict()) < minLeafShare * scale) {
          small++;
          smallReal += l.real();
        } else {
          searched.add(l);
        }
      }
      return new Split(searched, small, smallReal);
    }
  }

  /** Expected and actual sums of the leaves a root cause covers. */
  static double[] sums(List<Leaf> leaves, List<String> dims, RootCause cause) {
    double p = 0;
    double r = 0;
    for (Leaf l : leaves) {
      boolean match = true;
      for (Map.Entry<String, String> e : cause.combination().pairs().entrySet()) {
        if (!l.values().get(dims.indexOf(e.getKey())).equals(e.getValue())) {
          match = false;
          break;
        }
      }
      if (match) {
        p += l.predict();
        r += l.real();
      }
    }
    return new double[] {p, r};
  }
}
