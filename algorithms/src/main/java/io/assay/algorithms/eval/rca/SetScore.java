package io.assay.algorithms.eval.rca;

import io.assay.algorithms.rca.Combination;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * TP/FP/FN of one case, as the Squeeze and RiskLoc evaluation code counts them (benchmark README):
 * exact match of normalised elements, micro-aggregated by summing counts.
 */
public record SetScore(int tp, int fp, int fn) {

  public static final SetScore ZERO = new SetScore(0, 0, 0);

  /** Normalises a {@code ;}-separated set: pairs sorted within an element, duplicates dropped. */
  public static Set<String> normalise(String set) {
    Set<String> out = new LinkedHashSet<>();
    if (set == null || set.isBlank()) {
      return out;
    }
    for (String element : set.split(";")) {
      if (!element.isBlank()) {
        out.add(Combination.parse(element).toString());
      }
    }
    return out;
  }

  public static SetScore of(Collection<String> predicted, Set<String> truth) {
    Set<String> pred = new LinkedHashSet<>();
    for (String p : predicted) {
      pred.add(Combination.parse(p).toString());
    }
    int tp = 0;
    for (String t : truth) {
      if (pred.contains(t)) {
        tp++;
      }
    }
    return new SetScore(tp, pred.size() - tp, truth.size() - tp);
  }

  public SetScore plus(SetScore o) {
    return new SetScore(tp + o.tp, fp + o.fp, fn + o.fn);
  }

  /** Micro F1 = 2TP / (2TP + FP + FN); 0 when there is nothing to count. */
  public double f1() {
    int d = 2 * tp + fp + fn;
    return d == 0 ? 0.0 : 2.0 * tp / d;
  }
}
