package io.assay.algorithms.anomaly.robust;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class RobustNoiseTest {
  @Test
  void measuresOnePeriodsNoiseAboutItsNeighboursWhateverTheTrend() {
    Random r = new Random(4);
    double[] x = new double[400];
    for (int i = 0; i < x.length; i++) {
      x[i] = 1000 + 30 * i + 10 * r.nextGaussian();
    }
    assertThat(RobustNoise.of(x, null)).isCloseTo(10, Percentage.withPercentage(15));
    // A few spikes barely move it, and skipped periods are left out with their neighbours' terms.
    x[100] += 5000;
    x[200] -= 5000;
    assertThat(RobustNoise.of(x, null)).isCloseTo(10, Percentage.withPercentage(20));
    boolean[] skip = new boolean[x.length];
    skip[100] = true;
    skip[200] = true;
    assertThat(RobustNoise.of(x, skip)).isCloseTo(10, Percentage.withPercentage(15));
    assertThat(RobustNoise.of(new double[] {1, 2}, null)).isZero();
  }
}
