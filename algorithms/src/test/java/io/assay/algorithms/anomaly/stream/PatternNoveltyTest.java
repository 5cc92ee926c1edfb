package io.assay.algorithms.anomaly.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The streaming pattern-novelty detector on series of our own. */
class PatternNoveltyTest {
  private static final int WARM_UP = 600;

  private static double[] dailyCycle(int n, long seed) {
    Random random = new Random(seed);
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = 100 + 20 * Math.sin(2 * Math.PI * i / 288) + 2 * random.nextGaussian();
    }
    return y;
  }

  private static int argMax(double[] s) {
    int best = 0;
    for (int i = 1; i < s.length; i++) {
      if (s[i] > s[best]) {
        best = i;
      }
    }
    return best;
  }

  @Test
  void aChangeOfShapeInsideTheUsualRangeScoresHighestNearWhereItStarts() {
    double[] y = dailyCycle(4000, 1);
    // Half a day held flat at the mean: every value stays inside the range seen so far.
    for (int i = 2500; i < 2644; i++) {
      y[i] = 100 + 2 * new Random(i).nextGaussian();
    }
    double[] s = new PatternNovelty().score(y, WARM_UP);
    int peak = argMax(s);
    assertThat(peak).isBetween(2500, 2644);
    double elsewhere = 0;
    for (int i = WARM_UP; i < y.length; i++) {
      if (i < 2450 || i > 2800) {
        elsewhere = Math.max(elsewhere, s[i]);
      }
    }
    assertThat(s[peak]).isGreaterThan(elsewhere);
  }

  @Test
  void aValueBeyondTheRangeSoFarScoresTheMaximumAndTheWarmUpScoresNothing() {
    double[] y = dailyCycle(3000, 2);
    y[2000] = 200;
    double[] s = new PatternNovelty().score(y, WARM_UP);
    assertThat(s[2000]).isEqualTo(1.0);
    assertThat(Arrays.copyOf(s, WARM_UP)).containsOnly(0.0);
    assertThat(Arrays.stream(s).allMatch(v -> v >= 0 && v <= 1)).isTrue();
  }

  @Test
  void aSustainedShiftAlarmsOnceNotOnEveryBlock() {
    double[] y = dailyCycle(4000, 3);
    for (int i = 2500; i < y.length; i++) {
      y[i] += 15; // inside the range of the cycle at first, then its new normal
    }
    double[] s = new PatternNovelty().score(y, WARM_UP);
    int peak = argMax(s);
    assertThat(peak).isBetween(2500, 2800);
    long strong = Arrays.stream(s, 2500, 4000).filter(v -> v >= s[peak] * 0.9).count();
    assertThat(strong).isLessThanOrEqualTo(3);
  }

  @Test
  void scoresArePrefixStableAndDeterministic() {
    double[] y = dailyCycle(3000, 4);
    double[] full = new PatternNovelty().score(y, WARM_UP);
    double[] prefix = new PatternNovelty().score(Arrays.copyOf(y, 2000), WARM_UP);
    assertThat(prefix).containsExactly(Arrays.copyOf(full, 2000));
    assertThat(new PatternNovelty().score(y, WARM_UP)).containsExactly(full);
  }

  private static double maxOf(double[] y, int to) {
    return Arrays.stream(y, 0, to).max().orElseThrow();
  }

  @Test
  void aNewExtremeNoLargerThanAnOrdinaryStepIsNoBreachButALargeOneIs() {
    Random random = new Random(5);
    double[] noisy = new double[3000];
    for (int i = 0; i < noisy.length; i++) {
      noisy[i] = 50 + 5 * random.nextGaussian(); // mean absolute step about 5.6
    }
    // 3 above the old maximum: beyond 5 % of the range (about 1.8), within one ordinary step.
    noisy[2000] = maxOf(noisy, 2000) + 3;
    noisy[2500] = maxOf(noisy, 2500) + 20;
    double[] s = new PatternNovelty().score(noisy, WARM_UP);
    assertThat(s[2000]).isLessThan(1.0);
    assertThat(s[2500]).isEqualTo(1.0);

    // The same excess on a smooth series, whose steps are tiny, is a breach.
    double[] smooth = new double[3000];
    for (int i = 0; i < smooth.length; i++) {
      smooth[i] = 50 + 20 * Math.sin(2 * Math.PI * i / 500) + 0.05 * random.nextGaussian();
    }
    smooth[2000] = maxOf(smooth, 2000) + 3;
    assertThat(new PatternNovelty().score(smooth, WARM_UP)[2000]).isEqualTo(1.0);
  }

  @Test
  void aSpikeInsideTheRangeAtTheWrongTimeOfDayScoresHighestButIsNoBreach() {
    double[] y = dailyCycle(4000, 6);
    int trough = 10 * 288 + 216; // the cycle's low point; +30 stays below its peaks
    y[trough] += 30;
    double[] s = new PatternNovelty().score(y, WARM_UP);
    assertThat(argMax(s)).isEqualTo(trough);
    assertThat(s[trough]).isGreaterThan(0.6).isLessThan(1.0);
  }

  @Test
  void pointRatiosDivideTheDistanceFromTheMedianOfTheBlockBeforeByTheRecordSoFar() {
    Random random = new Random(7);
    double[] y = new double[500];
    for (int i = 0; i < y.length; i++) {
      y[i] = random.nextInt(20); // ties, so the sliding median meets repeated values
    }
    int block = 6;
    double[] ratios = PatternNovelty.pointRatios(y, block);
    double record = 0;
    for (int t = block; t < y.length; t++) {
      double[] before = Arrays.copyOfRange(y, t - block, t);
      Arrays.sort(before);
      double deviation = Math.abs(y[t] - before[block / 2]);
      assertThat(ratios[t]).isEqualTo(record > 0 ? deviation / record : 0);
      record = Math.max(record, deviation);
    }
  }

  @Test
  void flatAndTinySeriesScoreWithoutNaN() {
    double[] flat = new double[1000];
    Arrays.fill(flat, 7);
    assertThat(new PatternNovelty().score(flat, 150)).containsOnly(0.0);
    assertThat(new PatternNovelty().score(new double[] {1, 2, 3}, 0)).hasSize(3);
    assertThat(new PatternNovelty().score(new double[0], 0)).isEmpty();
  }

  @Test
  void invalidSettingsAreRejected() {
    assertThatThrownBy(() -> new PatternNovelty.Settings(0, 8, 0.95, 1.5, 2, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PatternNovelty.Settings(50, 8, 1.5, 1.5, 2, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PatternNovelty.Settings(50, 8, 0.95, 0.5, 2, 0.05))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
