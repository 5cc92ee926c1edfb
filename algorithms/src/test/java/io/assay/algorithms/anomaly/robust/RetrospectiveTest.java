package io.assay.algorithms.anomaly.robust;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RetrospectiveTest {
  /** A growing series with normal noise of {@code sd}, 48 months. */
  private static double[] growing(long seed, double sd) {
    Random r = new Random(seed);
    double[] x = new double[48];
    for (int i = 0; i < x.length; i++) {
      x[i] = 1000 + 25 * i + 0.2 * i * i + sd * r.nextGaussian();
    }
    return x;
  }

  /**
   * A spike the one-step baseline finds is ranked by its score against both sides when that is
   * further out: the line through its neighbours interpolates, which errs less than extrapolating.
   */
  @Test
  void aFoundSpikeIsScoredAgainstBothSides() {
    int found = 0;
    int rescored = 0;
    for (long seed = 1; seed <= 40; seed++) {
      double[] x = growing(seed, 20);
      x[41] += 6 * 20;
      RobustScan s = RobustDetector.scan(x, 36, RobustParams.of(12));
      if (s.top() == null || !s.top().contains(41)) {
        continue;
      }
      found++;
      if (Double.isFinite(s.spikeError()[41])) {
        rescored++;
        // The score is in the two-sided line's own typical errors, which the scan reports.
        assertThat(s.score()[41])
            .isCloseTo(
                (x[41] - s.baseline()[41]) / s.typicalError(41),
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.score()[41]).isGreaterThanOrEqualTo(RobustParams.ENTER);
      }
    }
    // As many found as against the trailing baseline alone; most of them scored higher.
    assertThat(found).isGreaterThanOrEqualTo(24);
    assertThat(rescored).isGreaterThanOrEqualTo(found / 2);
  }

  /**
   * A spike of 5 noise units is about 4 typical errors of the trailing baseline, which extrapolates
   * and errs more than the noise: often just under the threshold one step ahead. With a second
   * look, the two-sided line errs less and finds it when it stands beyond the threshold plus the
   * margin; without one (the slices' scans) only the one-step baseline flags.
   */
  @Test
  void aSecondLookFindsASpikeNearTheThresholdOneStepAhead() {
    int plain = 0;
    int looked = 0;
    for (long seed = 1; seed <= 40; seed++) {
      double[] x = growing(seed, 20);
      x[41] += 5 * 20;
      RobustScan a = RobustDetector.scan(x, 36, RobustParams.of(12));
      RobustScan b = RobustDetector.scan(x, 36, RobustParams.of(12).withSecondLook(true));
      plain += a.top() != null && a.top().contains(41) ? 1 : 0;
      looked += b.top() != null && b.top().contains(41) ? 1 : 0;
    }
    assertThat(plain).isLessThanOrEqualTo(18);
    assertThat(looked).isGreaterThanOrEqualTo(21);
  }

  @Test
  void aSecondLookRaisesNoMoreAlarmsOnASmoothSeries() {
    int alarms = 0;
    for (long seed = 1; seed <= 60; seed++) {
      RobustScan s =
          RobustDetector.scan(growing(seed, 20), 36, RobustParams.of(12).withSecondLook(true));
      alarms += s.intervals().isEmpty() ? 0 : 1;
    }
    assertThat(alarms).isLessThanOrEqualTo(1);
  }

  @Test
  void aFoundSpikeCarriesItsTwoSidedBaselineAndScore() {
    double[] x = growing(3, 20);
    double expected = x[41];
    x[41] -= 8 * 20;
    RobustScan s = RobustDetector.scan(x, 36, RobustParams.of(12));
    assertThat(s.top().contains(41)).isTrue();
    assertThat(s.top().deviation()).isLessThan(0);
    // The two-sided baseline is close to the value the spike replaced (the noise of one period).
    assertThat(Math.abs(s.baseline()[41] - expected)).isLessThan(3 * 20);
  }

  @Test
  void theEveOfALevelShiftIsNoSpike() {
    for (long seed = 1; seed <= 20; seed++) {
      double[] x = growing(seed, 20);
      for (int i = 42; i < x.length; i++) {
        x[i] += 10 * 20;
      }
      Retrospective r = Retrospective.of(x, x.clone(), new boolean[x.length], 0, 0);
      assertThat(r.eveOfShift(41, 25, RobustParams.of(12))).isTrue();
      RobustScan s = RobustDetector.scan(x, 36, RobustParams.of(12));
      assertThat(s.top().start()).isEqualTo(42);
      assertThat(s.intervals()).noneMatch(i -> i.contains(41));
    }
  }

  @Test
  void aSpikeIsNotTheEveOfAShift() {
    double[] x = growing(5, 20);
    x[41] += 10 * 20;
    Retrospective r = Retrospective.of(x, x, new boolean[x.length], 0, 0);
    assertThat(r.eveOfShift(41, 25, RobustParams.of(12))).isFalse();
    assertThat(r.eveOfShift(40, 25, RobustParams.of(12))).isFalse();
  }

  @Test
  void aSmoothSeriesRaisesNoAlarmOnEitherSide() {
    int alarms = 0;
    for (long seed = 1; seed <= 60; seed++) {
      RobustScan s = RobustDetector.scan(growing(seed, 20), 36, RobustParams.of(12));
      alarms += s.intervals().isEmpty() ? 0 : 1;
    }
    // 60 windows of 12 months at a threshold of 4 typical errors.
    assertThat(alarms).isLessThanOrEqualTo(1);
  }

  @Test
  void periodsWithoutTwoLaterOnesOrTwoCyclesBeforeAreNotJudged() {
    double[] x = growing(1, 20);
    Retrospective plain = Retrospective.of(x, x, new boolean[x.length], 0, 0);
    assertThat(plain.judgeable(45)).isTrue();
    assertThat(plain.judgeable(46)).isFalse();
    assertThat(plain.judgeable(5)).isFalse();
    Retrospective seasonal = Retrospective.of(x, x, new boolean[x.length], 12, 0);
    assertThat(seasonal.judgeable(23)).isFalse();
    assertThat(seasonal.judgeable(24)).isTrue();
  }
}
