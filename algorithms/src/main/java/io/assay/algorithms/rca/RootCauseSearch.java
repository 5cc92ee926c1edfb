package io.assay.algorithms.rca;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Multi-dimensional root-cause localisation: finds the set of attribute combinations (elements of
 * any cuboid) whose leaves changed together, where Adtributor can only name elements of one
 * dimension. Our own design, in the family of Squeeze / RiskLoc.
 *
 * <p>Model. Each leaf has a forecast {@code p} and an actual {@code r}. A normal leaf deviates by
 * forecast noise {@code sd = sqrt((sigma*m)^2 + [counts] m)} with {@code m = (|r|+|p|)/2}: relative
 * error with a robust (MAD) sigma estimated from all leaves, plus Poisson noise when the leaves
 * hold whole numbers. A root-cause element scales all its leaves by one factor {@code f} (the
 * "ripple effect"). A leaf's misfit is {@code min(z^2, clip^2)}; an element's gain is how much the
 * misfit of its not-yet-explained leaves drops when they are scaled by the median of their
 * actual/forecast ratios, where a leaf that does not follow the factor may stay put at a price of
 * {@code threshold^2} (small leaves are quantised and do not scale smoothly).
 *
 * <p>Search. Greedily add the element with the largest gain while that gain exceeds {@code
 * threshold^2}; its leaves then count as explained. Elements whose factor differs from 1 by less
 * than sigma are immaterial and never chosen. Elements of at most three leaves must also beat the
 * observed tail of the remaining leaves' single-leaf misfits (the 99% and 99.9% quantiles
 * extrapolated to one in N), because real forecast errors are heavier-tailed than Gaussian. The
 * median fit makes a partly abnormal parent lose to its abnormal children, and a child lose to a
 * wholly abnormal parent (it explains fewer leaves).
 *
 * <p>A derived (ratio) KPI is reduced to its numerator at the actual denominators: a leaf's
 * forecast numerator becomes {@code realDen * predictNum / predictDen}, so the leaves that moved
 * the ratio are the ones whose numerator departs from it.
 *
 * <p>Cost: one pass over the leaves per cuboid and step, {@code O(N * 2^D)} per element found.
 */
public final class RootCauseSearch {
  /** Relative noise floor: changes under 0.1% are never called anomalous. */
  private static final double MIN_SIGMA = 1e-3;

  /** Elements this small are judged against the observed tail of single-leaf noise. */
  private static final int FEW_LEAVES = 3;

  /** Cost of a leaf staying put inside a root cause, as a share of the per-element penalty. */
  private static final double OPT_OUT_SHARE = 1.0;

  private RootCauseSearch() {}

  public static RootCauseResult search(LeafTable leaves, SearchParams params) {
    Objects.requireNonNull(leaves, "leaves");
    Objects.requireNonNull(params, "params");
    return new Run(leaves, params).execute();
  }

  private static final class Run {
    final LeafTable table;
    final SearchParams params;
    final int n;
    final double[] real;
    final double[] predict;
    final double[] sd;
    final double[] base;
    final double[] z2;
    final boolean counts;
    final boolean[] informative;
    final List<Cuboid> cuboids = new ArrayList<>();
    final double sigma;
    final double totalChange;
    final double penalty;
    final double clip2;
    final double optOut;

    Run(LeafTable table, SearchParams params) {
      this.table = table;
      this.params = params;
      this.n = table.size();
      this.real = new double[n];
      this.predict = new double[n];
      for (int i = 0; i < n; i++) {
        real[i] = table.real(i);
        if (table.measure() == Measure.DERIVED) {
          double pd = table.predictDenominator(i);
          predict[i] = pd > 0 ? table.realDenominator(i) * (table.predict(i) / pd) : table.real(i);
        } else {
          predict[i] = table.predict(i);
        }
      }
      this.informative = new boolean[n];
      double change = 0;
      double[] rel = new double[n];
      int m = 0;
      for (int i = 0; i < n; i++) {
        change += real[i] - predict[i];
        double scale = (Math.abs(real[i]) + Math.abs(predict[i])) / 2;
        if (scale > 0) {
          informative[i] = true;
          rel[m++] = (real[i] - predict[i]) / scale;
        }
      }
      this.totalChange = change;
      this.sigma = Math.max(MIN_SIGMA, robustSigma(Arrays.copyOf(rel, m)));
      this.counts = looksLikeCounts();
      this.sd = new double[n];
      this.base = new double[n];
      this.z2 = new double[n];
      this.clip2 = params.clip() * params.clip();
      for (int i = 0; i < n; i++) {
        if (informative[i]) {
          double scale = (Math.abs(real[i]) + Math.abs(predict[i])) / 2;
          // Counts carry Poisson noise on top of the relative forecast error: a leaf forecast at
          // 1 that shows 0 is not 100% down in any meaningful sense.
          sd[i] = Math.sqrt(sigma * sigma * scale * scale + (counts ? scale : 0.0));
          double z = (real[i] - predict[i]) / sd[i];
          z2[i] = z * z;
          base[i] = Math.min(z2[i], clip2);
        }
      }
      this.penalty = params.threshold() * params.threshold();
      this.optOut = penalty * OPT_OUT_SHARE;
      int d = table.attributes().size();
      int maxLayer = params.maxLayer() == 0 ? d : Math.min(d, params.maxLayer());
      for (int layer = 1; layer <= maxLayer; layer++) {
        for (int[] attrs : combinations(d, layer)) {
          cuboids.add(Cuboid.of(table, attrs));
        }
      }
    }

    /** Most informative leaves hold whole numbers: counts of events, users, sessions. */
    boolean looksLikeCounts() {
      int informativeLeaves = 0;
      int whole = 0;
      for (int i = 0; i < n; i++) {
        if (informative[i]) {
          informativeLeaves++;
          if (real[i] == Math.rint(real[i]) || predict[i] == Math.rint(predict[i])) {
            whole++;
          }
        }
      }
      return informativeLeaves > 0 && whole >= 0.9 * informativeLeaves;
    }

    /**
     * What the largest of the remaining leaves' squared z would be from noise alone: the tail of
     * the unexplained leaves, extrapolated from its 99% and 99.9% quantiles to one in N. Forecast
     * errors are often heavier-tailed than Gaussian, and a fixed threshold then calls the wildest
     * normal leaves root causes.
     */
    double tailPenalty(BitSet explained) {
      double[] z = new double[n];
      int m = 0;
      for (int i = 0; i < n; i++) {
        if (informative[i] && !explained.get(i)) {
          z[m++] = Math.sqrt(z2[i]);
        }
      }
      if (m < 1000) {
        return 0.0;
      }
      Arrays.sort(z, 0, m);
      double q99 = z[(int) Math.floor(0.99 * (m - 1))];
      double q999 = z[(int) Math.floor(0.999 * (m - 1))];
      double extrapolated = q999 + (q999 - q99) * Math.log10(m / 1000.0);
      return extrapolated * extrapolated;
    }

    double misfit(double residual, double scale) {
      double z = residual / scale;
      return Math.min(z * z, clip2);
    }

    RootCauseResult execute() {
      State empty = new State(new BitSet(n), List.of(), 0.0);
      List<Candidate> firsts = best(empty, params.alternatives());
      if (firsts.isEmpty()) {
        return new RootCauseResult(
            List.of(new RootCauseSet(List.of(), 0.0, 0.0)), sigma, totalChange, n, counts);
      }
      List<RootCauseSet> sets = new ArrayList<>();
      Set<Set<String>> seen = new HashSet<>();
      for (Candidate first : firsts) {
        State s = greedy(empty.extend(first, this));
        if (seen.add(s.key())) {
          sets.add(new RootCauseSet(s.chosen, explanatoryPower(s.explained), s.score));
        }
      }
      // The first set is the answer (greedy from the strongest element); alternatives that start
      // elsewhere follow, best score first.
      List<RootCauseSet> rest = new ArrayList<>(sets.subList(1, sets.size()));
      rest.sort(Comparator.comparingDouble((RootCauseSet r) -> -r.score()));
      List<RootCauseSet> ranked = new ArrayList<>();
      ranked.add(sets.get(0));
      ranked.addAll(rest);
      return new RootCauseResult(ranked, sigma, totalChange, n, counts);
    }

    State greedy(State s) {
      while (s.chosen.size() < params.maxElements()) {
        List<Candidate> next = best(s, 1);
        if (next.isEmpty()) {
          break;
        }
        s = s.extend(next.get(0), this);
      }
      return s;
    }

    double explanatoryPower(BitSet explained) {
      if (Math.abs(totalChange) < 1e-12) {
        return 0.0;
      }
      double sum = 0;
      for (int i = explained.nextSetBit(0); i >= 0; i = explained.nextSetBit(i + 1)) {
        sum += real[i] - predict[i];
      }
      return sum / totalChange;
    }

    /** The {@code k} elements with the largest gain above the penalty, given what is explained. */
    List<Candidate> best(State s, int k) {
      PriorityQueue<Candidate> top =
          new PriorityQueue<>(Comparator.comparingDouble(Candidate::gain));
      double tail = Math.max(penalty, tailPenalty(s.explained));
      double[] ratios = new double[n];
      for (Cuboid cuboid : cuboids) {
        for (int g = 0; g < cuboid.groups(); g++) {
          int m = 0;
          double baseLoss = 0;
          for (int j = cuboid.start[g]; j < cuboid.start[g + 1]; j++) {
            int i = cuboid.order[j];
            if (informative[i] && !s.explained.get(i)) {
              baseLoss += base[i];
              if (predict[i] > 0) {
                ratios[m++] = real[i] / predict[i];
              }
            }
          }
          if (m == 0 || baseLoss <= penalty) {
            continue; // cannot beat the penalty even when fitted perfectly
          }
          double f = median(ratios, m);
          if (Math.abs(f - 1) <= sigma) {
            continue; // a change smaller than one leaf's typical forecast error is not a cause
          }
          double after = 0;
          int count = 0;
          for (int j = cuboid.start[g]; j < cuboid.start[g + 1]; j++) {
            int i = cuboid.order[j];
            if (informative[i] && !s.explained.get(i)) {
              // A leaf that does not follow its element's factor may stay as it was, at a price:
              // small leaves are quantised and do not scale smoothly.
              after += Math.min(misfit(real[i] - f * predict[i], sd[i]), base[i] + optOut);
              count++;
            }
          }
          double gain = baseLoss - after;
          double bar = count <= FEW_LEAVES ? tail : penalty;
          if (gain > bar && (top.size() < k || gain > top.peek().gain())) {
            top.add(new Candidate(cuboid, g, f, gain, count));
            if (top.size() > k) {
              top.poll();
            }
          }
        }
      }
      List<Candidate> out = new ArrayList<>(top);
      out.sort(Comparator.comparingDouble((Candidate c) -> -c.gain()));
      return out;
    }

    RootCause describe(Candidate c, BitSet explained) {
      double change = 0;
      for (int j = c.cuboid().start[c.group()]; j < c.cuboid().start[c.group() + 1]; j++) {
        int i = c.cuboid().order[j];
        if (!explained.get(i)) {
          change += real[i] - predict[i];
        }
      }
      double ep = Math.abs(totalChange) < 1e-12 ? 0.0 : change / totalChange;
      return new RootCause(
          c.cuboid().combination(table, c.group()), ep, c.factor(), c.gain(), c.leaves());
    }
  }

  private record Candidate(Cuboid cuboid, int group, double factor, double gain, int leaves) {}

  private record State(BitSet explained, List<RootCause> chosen, double score) {
    State extend(Candidate c, Run run) {
      RootCause cause = run.describe(c, explained);
      BitSet next = (BitSet) explained.clone();
      for (int j = c.cuboid().start[c.group()]; j < c.cuboid().start[c.group() + 1]; j++) {
        next.set(c.cuboid().order[j]);
      }
      List<RootCause> list = new ArrayList<>(chosen);
      list.add(cause);
      return new State(next, list, score + c.gain() - run.penalty);
    }

    Set<String> key() {
      Set<String> k = new HashSet<>();
      for (RootCause c : chosen) {
        k.add(c.element());
      }
      return k;
    }
  }

  static double median(double[] v, int m) {
    Arrays.sort(v, 0, m);
    return (m % 2 == 1) ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
  }

  /** 1.4826 * MAD around the median; 0 for fewer than two values. */
  static double robustSigma(double[] v) {
    if (v.length < 2) {
      return 0.0;
    }
    double[] copy = v.clone();
    double med = median(copy, copy.length);
    double[] dev = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      dev[i] = Math.abs(v[i] - med);
    }
    return 1.4826 * median(dev, dev.length);
  }

  static List<int[]> combinations(int d, int k) {
    List<int[]> out = new ArrayList<>();
    int[] c = new int[k];
    for (int i = 0; i < k; i++) {
      c[i] = i;
    }
    while (true) {
      out.add(c.clone());
      int i = k - 1;
      while (i >= 0 && c[i] == d - k + i) {
        i--;
      }
      if (i < 0) {
        return out;
      }
      c[i]++;
      for (int j = i + 1; j < k; j++) {
        c[j] = c[j - 1] + 1;
      }
    }
  }
}
