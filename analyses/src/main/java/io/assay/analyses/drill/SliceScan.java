package io.assay.analyses.drill;

import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.RobustScan;
import io.assay.algorithms.anomaly.robust.ScoredInterval;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * Detection on slices, for when the total shows nothing: a change that is large for one element of
 * a candidate dimension can be small against the noise of the total. Each element's series (one
 * grouped query for all dimensions where they can share one) is scanned by the same detector; as
 * many slices are tested at once, a slice must pass a stricter score ({@link #EXTRA} above the
 * total's threshold), and its change must be material to the total: at least {@link
 * #MIN_TOTAL_SCORE} times the total's ordinary period-to-period noise ({@link
 * io.assay.algorithms.anomaly.robust.RobustNoise}). A slice whose history is not yet established (a
 * branch that opened a few periods ago) is not judged; a count at zero in many periods of its
 * established history is.
 */
final class SliceScan {
  static final double EXTRA = 1.5;
  static final double MIN_TOTAL_SCORE = 1.5;

  /** The most unusual slice: its dimension and element, the interval and its scores. */
  record Hit(
      String dimension,
      String element,
      Object raw,
      LocalDate from,
      LocalDate to,
      double score,
      double totalScore,
      int tested,
      boolean passes,
      String direction) {
    /** In words, for the key path. */
    String describe() {
      return dimension
          + " = "
          + element
          + " in "
          + from
          + ".."
          + to
          + " (score "
          + String.format(java.util.Locale.ROOT, "%.1f", score)
          + ", "
          + String.format(java.util.Locale.ROOT, "%.1f", totalScore)
          + " times the total's ordinary noise)";
    }
  }

  private SliceScan() {}

  /**
   * @param counts the metric counts rows (see {@link RobustParams#counts()})
   * @param totalNoise the total's robust period-to-period noise
   * @param expected first days of periods known to be out of the ordinary: judged in no slice
   * @return the best slice passing both bars; else the nearest one, not passing; null when no slice
   *     had an interval at the total's threshold
   */
  static Hit find(
      StepQueries q,
      String metric,
      boolean counts,
      TimeGrain grain,
      Periods.Range all,
      LocalDate windowFrom,
      List<Filter> filters,
      List<String> dimensions,
      double enter,
      double totalNoise,
      java.util.Set<LocalDate> expected,
      SliceSeries.Cache cache) {
    List<LocalDate> buckets = Periods.buckets(grain, all.from(), all.to());
    boolean[] known = new boolean[buckets.size()];
    for (int i = 0; i < known.length; i++) {
      known[i] = expected.contains(buckets.get(i));
    }
    int scanStart = 0;
    while (scanStart < buckets.size() && buckets.get(scanStart).isBefore(windowFrom)) {
      scanStart++;
    }
    if (scanStart < 6 || scanStart >= buckets.size()) {
      return null;
    }
    RobustParams params = params(grain, enter, counts);
    cache.readAll(q, d -> "slices by " + d, metric, grain, all, filters, dimensions, false);
    List<SliceSeries> series = new java.util.ArrayList<>();
    for (String dim : dimensions) {
      series.add(cache.get(q, "slices by " + dim, metric, grain, all, filters, dim));
    }
    return judge(series, buckets, scanStart, params, known, totalNoise);
  }

  /**
   * The detector's settings for slices: the total's threshold raised by {@link #EXTRA}, and a
   * second look at periods near it against their neighbours on both sides ({@link
   * RobustParams#secondLook()}): a slice that grows smoothly but changes pace is poorly predicted
   * one step ahead, and a drop well beyond its wobble about its neighbours scored under the
   * threshold.
   */
  static RobustParams params(TimeGrain grain, double enter, boolean counts) {
    return RobustParams.of(io.assay.analyses.trend.RobustTrendScan.season(grain))
        .withEnter(enter + EXTRA)
        .withCounts(counts)
        .withSecondLook(true);
  }

  /**
   * The slices of {@code series} (one per dimension, over {@code buckets}) judged from {@code
   * scanStart}: each element, and the unions of two leading elements of a dimension ({@link
   * #pairs}). As {@link #find}.
   */
  static Hit judge(
      List<SliceSeries> series,
      List<LocalDate> buckets,
      int scanStart,
      RobustParams params,
      boolean[] known,
      double totalNoise) {
    TimeGrain grain = series.isEmpty() ? null : series.get(0).grain();
    Hit best = null;
    Hit nearest = null;
    int tested = 0;
    for (SliceSeries slices : series) {
      String dim = slices.dimension();
      Map<String, Object> raw = slices.raw();
      List<Judged> judged = new java.util.ArrayList<>();
      for (Map.Entry<String, double[]> e : slices.values().entrySet()) {
        // A slice is judged only with enough history since its last zero, counts too: a count
        // still being taken up (a few a period, rising) is at zero now and then, and judging it
        // would flag its growth. (The scan itself then reads a count's earlier zeros as a Poisson
        // count's, part of its ordinary history: RobustDetector.established with counts.)
        int est = RobustDetector.established(e.getValue(), scanStart, known);
        if (scanStart - est < SliceSeries.MIN_HISTORY
            || (params.counts()
                ? tooFew(e.getValue(), est, scanStart, known)
                : tooSparse(e.getValue()))) {
          continue;
        }
        tested++;
        RobustScan s = RobustDetector.scan(e.getValue(), scanStart, params, known);
        judged.add(new Judged(e.getKey(), raw.get(e.getKey()), e.getValue(), s));
      }
      for (Judged j : judged) {
        Hit hit =
            hit(
                dim,
                j.element(),
                j.raw(),
                j.scan(),
                buckets,
                grain,
                totalNoise,
                scanStart,
                params.enter());
        if (hit != null && hit.passes()) {
          best = better(best, hit);
        } else if (hit != null) {
          nearest = better(nearest, hit);
        }
      }
      // An incident split over two elements of a dimension (two districts, two account kinds)
      // moves each by half: the union of the two that stood out most in the same direction at
      // the same period is a slice of its own.
      for (Judged[] pair : pairs(judged, scanStart)) {
        tested++;
        double[] sum = new double[pair[0].values().length];
        for (int t = 0; t < sum.length; t++) {
          sum[t] = pair[0].values()[t] + pair[1].values()[t];
        }
        RobustScan s = RobustDetector.scan(sum, scanStart, params, known);
        Hit hit =
            hit(
                dim,
                pair[0].element() + " and " + pair[1].element(),
                null,
                s,
                buckets,
                grain,
                totalNoise,
                scanStart,
                params.enter());
        if (hit != null && hit.passes()) {
          best = better(best, hit);
        } else if (hit != null) {
          nearest = better(nearest, hit);
        }
      }
    }
    Hit out = best != null ? best : nearest;
    return out == null
        ? null
        : new Hit(
            out.dimension(),
            out.element(),
            out.raw(),
            out.from(),
            out.to(),
            out.score(),
            out.totalScore(),
            tested,
            out.passes(),
            out.direction());
  }

  /** An element of a dimension and its scan. */
  private record Judged(String element, Object raw, double[] values, RobustScan scan) {}

  /** Elements of a dimension whose unions are scanned: the leading ones, two at a time. */
  static final int PAIR_CANDIDATES = 4;

  /**
   * Pairs among the {@link #PAIR_CANDIDATES} elements with the largest scanned |score| whose most
   * unusual periods fall together with the same sign: the pairs an incident split over two elements
   * would leave.
   */
  private static List<Judged[]> pairs(List<Judged> judged, int scanStart) {
    List<Judged> lead = new java.util.ArrayList<>(judged);
    lead.sort(java.util.Comparator.comparingDouble((Judged j) -> -Math.abs(j.scan().maxScore())));
    lead = lead.subList(0, Math.min(PAIR_CANDIDATES, lead.size()));
    List<Judged[]> out = new java.util.ArrayList<>();
    for (int a = 0; a < lead.size(); a++) {
      for (int b = a + 1; b < lead.size(); b++) {
        int pa = peak(lead.get(a).scan(), scanStart);
        int pb = peak(lead.get(b).scan(), scanStart);
        if (pa >= 0
            && pa == pb
            && Math.signum(lead.get(a).scan().score()[pa])
                == Math.signum(lead.get(b).scan().score()[pb])) {
          out.add(new Judged[] {lead.get(a), lead.get(b)});
        }
      }
    }
    return out;
  }

  /** The scanned period of largest |score| that was not expected, or -1. */
  private static int peak(RobustScan s, int scanStart) {
    int peak = -1;
    for (int t = scanStart; t < s.score().length; t++) {
      if (!s.expected()[t] && (peak < 0 || Math.abs(s.score()[t]) > Math.abs(s.score()[peak]))) {
        peak = t;
      }
    }
    return peak;
  }

  /**
   * The better of two hits (either may be null): the one whose change is the larger in the total's
   * noise (its materiality). Both already stand out in their own slice; a slice that stands out far
   * more, by a change that barely shows in the total (a code that appears in a small slice), is
   * less of an incident than one that moves the total.
   */
  private static Hit better(Hit a, Hit b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return b.totalScore() > a.totalScore() ? b : a;
  }

  /**
   * A slice's top interval as a hit (passing when its change is material to the total), or, when it
   * formed none, its most unusual period (never passing); null when there is neither. The hit
   * locates the interval from its start to its last period at the slices' threshold ({@link
   * #core}).
   */
  private static Hit hit(
      String dim,
      String element,
      Object raw,
      RobustScan s,
      List<LocalDate> buckets,
      TimeGrain grain,
      double totalNoise,
      int scanStart,
      double enter) {
    ScoredInterval top = s.top();
    if (top == null) {
      return nearest(dim, element, s, buckets, grain, totalNoise, scanStart);
    }
    double change = s.score()[top.peak()] * s.typicalError(top.peak());
    double totalScore = totalNoise > 0 ? Math.abs(change) / totalNoise : 0;
    int[] core = core(s.score(), top, enter);
    return new Hit(
        dim,
        element,
        raw,
        buckets.get(core[0]),
        Periods.end(grain, buckets.get(core[1])),
        top.score(),
        totalScore,
        0,
        totalScore >= MIN_TOTAL_SCORE,
        top.direction());
  }

  /**
   * The run's first period to the last of its periods whose score reaches {@code enter} the
   * interval's way (its peak does). A slice's run extends down to the exit threshold on either
   * side; in a small slice its tail after the last strong period is often ordinary wobble, and a
   * located interval that takes it in dilutes a one-period spike with periods the incident did not
   * touch: the drill-down then explains the sum of three periods, where another element's ordinary
   * movement can outweigh it (seed 1 case 0: 1998-09..11 -> 09..10). The start is kept: a run's
   * weak first period looks just like the first month of a shift that the slice's own noise pulled
   * under the threshold, and cutting it locates the incident a month late (seed 202 case 23, a
   * two-month shift from 1996-07 scoring 5.499 then 9.9: located in 1996-08 alone). Leading wobble
   * only dilutes a spike, as trailing wobble does; a cut first month loses when the change began,
   * which is what the located interval is read for. The price of the trim: a shift whose later
   * months fall under the threshold as the one-step baseline follows it is located shorter.
   */
  static int[] core(double[] score, ScoredInterval top, double enter) {
    double sign = Math.signum(top.deviation());
    int last = top.peak();
    for (int t = top.peak(); t <= top.end(); t++) {
      if (sign * score[t] >= enter) {
        last = t;
      }
    }
    return new int[] {top.start(), last};
  }

  /** A slice's most unusual scanned period when it formed no interval: for the key path only. */
  private static Hit nearest(
      String dim,
      String element,
      RobustScan s,
      List<LocalDate> buckets,
      TimeGrain grain,
      double totalNoise,
      int scanStart) {
    int peak = peak(s, scanStart);
    if (peak < 0 || !(totalNoise > 0)) {
      return null;
    }
    double change = s.score()[peak] * s.typicalError(peak);
    return new Hit(
        dim,
        element,
        null,
        buckets.get(peak),
        Periods.end(grain, buckets.get(peak)),
        Math.abs(s.score()[peak]),
        Math.abs(change) / totalNoise,
        0,
        false,
        s.score()[peak] < 0 ? "drop" : "rise");
  }

  /**
   * A count seen in fewer than a quarter of its established history's periods has no ordinary level
   * to judge against (a branch that opened a few periods ago): its first events would look like a
   * rise. A count at zero in most other periods is still judged, as a Poisson count.
   */
  private static boolean tooFew(double[] v, int est, int scanStart, boolean[] known) {
    int seen = 0;
    int periods = 0;
    for (int t = est; t < scanStart; t++) {
      if (!known[t]) {
        periods++;
        seen += v[t] != 0 ? 1 : 0;
      }
    }
    return seen * 4 < periods;
  }

  /** Elements (of an amount) absent from most periods give no series to judge. */
  private static boolean tooSparse(double[] v) {
    int zero = 0;
    for (double x : v) {
      zero += x == 0 ? 1 : 0;
    }
    return zero * 2 > v.length;
  }
}
