package io.assay.analyses.drill;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustNoise;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.ScoredInterval;
import io.assay.analyses.support.Periods;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SliceScanTest {
  private static final LocalDate FIRST = LocalDate.of(2020, 1, 1);
  private static final List<LocalDate> BUCKETS =
      Periods.buckets(TimeGrain.MONTH, FIRST, LocalDate.of(2023, 12, 31));
  private static final RobustParams SLICES =
      RobustParams.of(12).withEnter(RobustParams.ENTER + SliceScan.EXTRA);

  /** Eight regions of a slowly growing metric, each with its own noise of 3 %. */
  private static Map<String, double[]> regions(long seed) {
    Random r = new Random(seed);
    Map<String, double[]> out = new LinkedHashMap<>();
    for (int e = 0; e < 8; e++) {
      double[] x = new double[BUCKETS.size()];
      for (int t = 0; t < x.length; t++) {
        x[t] = (800 + 60 * e) * (1 + 0.01 * t) * (1 + 0.03 * r.nextGaussian());
      }
      out.put("R" + e, x);
    }
    return out;
  }

  private static SliceScan.Hit judge(Map<String, double[]> values) {
    return judgeWith(values, SLICES, "region");
  }

  /**
   * A drop split over two regions, each by about 4.5 of its own typical errors: under the slices'
   * threshold alone, far over it together. The union of the two is judged as a slice of its own.
   */
  @Test
  void anIncidentSplitOverTwoElementsIsFoundInTheirUnion() {
    int found = 0;
    for (long seed = 1; seed <= 10; seed++) {
      Map<String, double[]> v = regions(seed);
      for (String k : List.of("R2", "R5")) {
        double[] x = v.get(k);
        double sigma = RobustDetector.scan(x, 36, SLICES).typicalError(40);
        x[40] -= 4.5 * sigma;
      }
      SliceScan.Hit hit = judge(v);
      if (hit != null
          && hit.passes()
          && hit.from().equals(BUCKETS.get(40))
          && hit.direction().equals("drop")) {
        found++;
      }
    }
    // Alone, neither region passes in any of these (each is under the threshold by construction);
    // the union passes where its one-step baseline judges the drop abrupt.
    assertThat(found).isGreaterThanOrEqualTo(5);
  }

  @Test
  void noIncidentFindsNoSliceOrPair() {
    int alarms = 0;
    for (long seed = 1; seed <= 20; seed++) {
      SliceScan.Hit hit = judge(regions(100 + seed));
      alarms += hit != null && hit.passes() ? 1 : 0;
    }
    assertThat(alarms).isLessThanOrEqualTo(1);
  }

  private static final RobustParams COUNT_SLICES = SLICES.withCounts(true);

  /** Of 20 spikes in the sparse branch; it is seen in under a quarter of some histories. */
  private static final int FOUND_SPARSE = 14;

  private static int poisson(Random r, double mean) {
    double limit = Math.exp(-mean);
    double p = r.nextDouble();
    int k = 0;
    while (p > limit) {
      p *= r.nextDouble();
      k++;
    }
    return k;
  }

  /**
   * Counts of a few events a month in five branches (means 0.4 to 3, the first at zero in two
   * months of three); {@code opens}: the period a sixth branch (mean 3) opens, or -1 for none.
   */
  private static Map<String, double[]> sparseCounts(long seed, int opens) {
    Random r = new Random(seed);
    Map<String, double[]> out = new LinkedHashMap<>();
    double[] means = {0.4, 1, 1.5, 2, 3};
    for (int e = 0; e < means.length; e++) {
      double[] x = new double[BUCKETS.size()];
      for (int t = 0; t < x.length; t++) {
        x[t] = poisson(r, means[e]);
      }
      out.put("B" + e, x);
    }
    if (opens >= 0) {
      double[] x = new double[BUCKETS.size()];
      for (int t = opens; t < x.length; t++) {
        x[t] = poisson(r, 3);
      }
      out.put("new", x);
    }
    return out;
  }

  private static SliceScan.Hit judgeCounts(Map<String, double[]> values) {
    return judgeWith(values, COUNT_SLICES, "branch");
  }

  /**
   * A count at zero in most months is still a count: nine extra events in a month of a branch that
   * sees 0.4 a month is far beyond its Poisson noise, and is found there.
   */
  @Test
  void aSpikeInACountThatIsOftenZeroIsFound() {
    int found = 0;
    for (long seed = 1; seed <= 20; seed++) {
      Map<String, double[]> v = sparseCounts(seed, -1);
      v.get("B0")[41] += 9;
      SliceScan.Hit hit = judgeCounts(v);
      if (hit != null
          && hit.passes()
          && hit.element().startsWith("B0")
          && hit.from().equals(BUCKETS.get(41))
          && hit.direction().equals("rise")) {
        found++;
      }
    }
    assertThat(found).isGreaterThanOrEqualTo(FOUND_SPARSE);
  }

  @Test
  void countsOftenAtZeroRaiseNoAlarmWithoutAnIncident() {
    int alarms = 0;
    for (long seed = 1; seed <= 40; seed++) {
      SliceScan.Hit hit = judgeCounts(sparseCounts(200 + seed, -1));
      alarms += hit != null && hit.passes() ? 1 : 0;
    }
    assertThat(alarms).isLessThanOrEqualTo(2);
  }

  /**
   * A branch that opens during the history (or the scanned window) is judged only on the periods
   * since it opened, when there are enough of them: its first events are not a rise.
   */
  @Test
  void aCountThatStartsMidHistoryDoesNotAlarmAtItsStart() {
    int alarms = 0;
    for (int opens : new int[] {20, 30, 34, 40}) {
      for (long seed = 1; seed <= 10; seed++) {
        SliceScan.Hit hit = judgeCounts(sparseCounts(300 + seed, opens));
        alarms += hit != null && hit.passes() ? 1 : 0;
      }
    }
    assertThat(alarms).isLessThanOrEqualTo(1);
  }

  /**
   * Two slices stand out: a very regular small one by far more of its own typical errors, and a
   * region by a change that moves the total several times its noise. The region is the incident.
   */
  @Test
  void ofTwoSlicesThatStandOutTheOneThatMovesTheTotalIsChosen() {
    int chosen = 0;
    for (long seed = 1; seed <= 10; seed++) {
      Map<String, double[]> v = regions(seed);
      Random r = new Random(seed);
      double[] small = new double[BUCKETS.size()];
      for (int t = 0; t < small.length; t++) {
        small[t] = 200 * (1 + 0.01 * t) + 2 * r.nextGaussian();
      }
      double[] total = new double[BUCKETS.size()];
      for (double[] x : v.values()) {
        for (int t = 0; t < total.length; t++) {
          total[t] += x[t];
        }
      }
      double noise = RobustNoise.of(total, null);
      small[44] += 1.8 * noise;
      v.put("small", small);
      v.get("R3")[40] += 5 * noise;
      SliceScan.Hit hit = judge(v);
      assertThat(hit).isNotNull();
      if (hit.passes() && hit.element().equals("R3") && hit.from().equals(BUCKETS.get(40))) {
        chosen++;
      }
    }
    assertThat(chosen).isGreaterThanOrEqualTo(9);
  }

  /**
   * Counts of a product being taken up in twelve regions (Poisson means rising from zero, from a
   * month in the first year, to one or two a month): its growth and its zeros are not incidents.
   */
  @Test
  void aCountBeingTakenUpFromZeroRaisesNoAlarm() {
    int alarms = 0;
    for (long seed = 1; seed <= 40; seed++) {
      Random r = new Random(1000 + seed);
      Map<String, double[]> v = new LinkedHashMap<>();
      for (int e = 0; e < 12; e++) {
        double[] x = new double[BUCKETS.size()];
        double scale = 0.3 + 0.15 * e;
        int start = r.nextInt(12);
        for (int t = start; t < x.length; t++) {
          x[t] = poisson(r, scale * Math.min(1.5, (t - start + 1) / 36.0));
        }
        v.put("R" + e, x);
      }
      SliceScan.Hit hit = judgeCounts(v);
      alarms += hit != null && hit.passes() ? 1 : 0;
    }
    assertThat(alarms).isLessThanOrEqualTo(1);
  }

  /**
   * A slice's run extends down to the exit threshold: the located interval ends at its last period
   * that reaches the slices' threshold, so a one-period spike leaves out the ordinary wobble after
   * it. The wobble before it stays: from the scores alone it is the first month of a shift.
   */
  @Test
  void aSpikeLeavesOutTheWobbleAfterIt() {
    double[] score = {0, 0, 4.3, 9.0, 4.5, 0};
    ScoredInterval run = new ScoredInterval(2, 4, 3, 9.0, 40);
    assertThat(SliceScan.core(score, run, 5.5)).containsExactly(2, 3);
    // A spike whose run starts at its peak locates its own period only.
    assertThat(SliceScan.core(score, new ScoredInterval(3, 4, 3, 9.0, 40), 5.5))
        .containsExactly(3, 3);
    // A drop: the same, the other way.
    double[] drop = {0, -4.2, -12.0, -4.4, 0, 0};
    assertThat(SliceScan.core(drop, new ScoredInterval(1, 3, 2, 12.0, -50), 5.5))
        .containsExactly(1, 2);
  }

  /**
   * A shift whose first period stays under the threshold (the slice's own noise pulled it down)
   * keeps that period: it is when the shift began. Its periods that reach the threshold are kept, a
   * period between them under it does not split it, and its weak tail is left out.
   */
  @Test
  void aShiftKeepsItsWeakFirstPeriod() {
    double[] score = {0, 4.6, 8.0, 6.2, 3.5, 0};
    ScoredInterval run = new ScoredInterval(1, 4, 2, 8.0, 30);
    assertThat(SliceScan.core(score, run, 5.5)).containsExactly(1, 3);
    double[] dip = {6.0, 4.1, 8.0, 0};
    assertThat(SliceScan.core(dip, new ScoredInterval(0, 2, 2, 8.0, 30), 5.5))
        .containsExactly(0, 2);
    // A drop whose first month is weak: the same, the other way.
    double[] drop = {0, -3.4, -7.0, -6.0, 0};
    assertThat(SliceScan.core(drop, new ScoredInterval(1, 3, 2, 7.0, -30), 5.5))
        .containsExactly(1, 3);
  }

  /**
   * On series: a spike of 12 typical errors in one region whose neighbouring months wobble up by
   * 4.2 typical errors ends in its own month (the wobble after it is left out) and starts no later
   * than it.
   */
  @Test
  void aSlicesSpikeEndsInItsOwnMonth() {
    int located = 0;
    for (long seed = 1; seed <= 10; seed++) {
      Map<String, double[]> v = regions(seed);
      double[] x = v.get("R4");
      double sigma = RobustDetector.scan(x, 36, SLICES).typicalError(42);
      x[42] += 12 * sigma;
      x[41] += 4.2 * sigma;
      x[43] += 4.2 * sigma;
      SliceScan.Hit hit = judge(v);
      if (hit != null
          && hit.passes()
          && hit.element().equals("R4")
          && !hit.from().isAfter(BUCKETS.get(42))
          && hit.to().equals(Periods.end(TimeGrain.MONTH, BUCKETS.get(42)))) {
        located++;
      }
    }
    // Measured: 8 of 10 (in the other two the wobble after it plus the region's own noise reached
    // the threshold, so it is part of the hit); 5 of 10 with the run down to the exit.
    assertThat(located).isGreaterThanOrEqualTo(7);
  }

  /**
   * On series: a shift of 10 typical errors over three months in one region, which began late in
   * its first month (5 typical errors there), is located from that first month.
   */
  @Test
  void aSlicesShiftWithAWeakFirstMonthIsLocatedFromIt() {
    int located = 0;
    for (long seed = 1; seed <= 10; seed++) {
      Map<String, double[]> v = regions(seed);
      double[] x = v.get("R4");
      double sigma = RobustDetector.scan(x, 36, SLICES).typicalError(42);
      x[42] += 5 * sigma;
      for (int t = 43; t <= 45; t++) {
        x[t] += 10 * sigma;
      }
      SliceScan.Hit hit = judge(v);
      if (hit != null
          && hit.passes()
          && hit.element().startsWith("R4")
          && hit.from().equals(BUCKETS.get(42))) {
        located++;
      }
    }
    // Measured: 6 of 10; 2 of 10 when the interval was cut to its periods at the threshold (the
    // first month then only where its noise lifted it to 5.5). Of the other four, in three the
    // region's noise pulled the first month under the exit threshold (the run itself starts a
    // month late); in one the region's scan reported no interval.
    assertThat(located).isGreaterThanOrEqualTo(5);
  }

  /**
   * Eight regions growing smoothly with a slow wave in their pace (noise 0.3 %), one dropping in
   * one month by 4.5 of its one-step typical errors (under the slices' threshold of 5.5 one step
   * ahead): the wave makes the one-step baseline err several times the regions' wobble, and against
   * its neighbours on both sides the drop stands far out. Without an incident the regions raise no
   * alarm.
   */
  @Test
  void aDropInASmoothSliceThatChangesPaceIsFoundAgainstItsNeighbours() {
    RobustParams params = SliceScan.params(TimeGrain.MONTH, RobustParams.ENTER, false);
    int found = 0;
    int oneStepOnly = 0;
    int alarms = 0;
    for (long seed = 1; seed <= 10; seed++) {
      Random r = new Random(seed);
      Map<String, double[]> v = new LinkedHashMap<>();
      for (int e = 0; e < 8; e++) {
        double[] x = new double[BUCKETS.size()];
        double phase = r.nextDouble() * 2 * Math.PI;
        for (int t = 0; t < x.length; t++) {
          double level = (5000 + 500 * e) * (1 + 0.02 * t + 0.04 * Math.sin(phase + t / 3.0));
          x[t] = level * (1 + 0.003 * r.nextGaussian());
        }
        v.put("R" + e, x);
      }
      alarms += passes(judgeWith(v, params)) ? 1 : 0;
      double[] x = v.get("R3");
      x[41] -= 4.5 * RobustDetector.scan(x, 36, params).typicalError(41);
      SliceScan.Hit hit = judgeWith(v, params);
      found +=
          passes(hit) && hit.from().equals(BUCKETS.get(41)) && hit.element().equals("R3") ? 1 : 0;
      oneStepOnly += passes(judgeWith(v, params.withSecondLook(false))) ? 1 : 0;
    }
    assertThat(oneStepOnly).isLessThanOrEqualTo(3);
    assertThat(found).isGreaterThanOrEqualTo(7);
    assertThat(alarms).isLessThanOrEqualTo(1);
  }

  private static boolean passes(SliceScan.Hit hit) {
    return hit != null && hit.passes();
  }

  private static SliceScan.Hit judgeWith(Map<String, double[]> values, RobustParams params) {
    return judgeWith(values, params, "region");
  }

  private static SliceScan.Hit judgeWith(
      Map<String, double[]> values, RobustParams params, String dimension) {
    double[] total = new double[BUCKETS.size()];
    Map<String, Object> raw = new LinkedHashMap<>();
    for (Map.Entry<String, double[]> e : values.entrySet()) {
      raw.put(e.getKey(), e.getKey());
      for (int t = 0; t < total.length; t++) {
        total[t] += e.getValue()[t];
      }
    }
    SliceSeries s = new SliceSeries(dimension, TimeGrain.MONTH, BUCKETS, values, raw);
    return SliceScan.judge(
        List.of(s), BUCKETS, 36, params, new boolean[BUCKETS.size()], RobustNoise.of(total, null));
  }
}
