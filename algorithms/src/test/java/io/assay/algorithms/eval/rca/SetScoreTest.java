package io.assay.algorithms.eval.rca;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SetScoreTest {

  @Test
  void normalisesPairOrderAndDropsRepeatedTruthElements() {
    assertThat(SetScore.normalise("a=a5&d=d2;b=b4&d=d3;d=d2&a=a5"))
        .containsExactly("a=a5&d=d2", "b=b4&d=d3");
  }

  @Test
  void countsExactMatchesOnly() {
    Set<String> truth = SetScore.normalise("a=a1&b=b2;c=c5");
    SetScore s = SetScore.of(List.of("a=a1", "c=c5", "b=b2&a=a1", "c=c5"), truth);
    assertThat(s).isEqualTo(new SetScore(2, 1, 0));
    assertThat(SetScore.of(List.of(), truth)).isEqualTo(new SetScore(0, 0, 2));
  }

  @Test
  void microF1SumsCountsBeforeDividing() {
    SetScore total = new SetScore(1, 0, 0).plus(new SetScore(0, 1, 3));
    assertThat(total.f1()).isEqualTo(2.0 / (2 + 1 + 3));
    assertThat(SetScore.ZERO.f1()).isEqualTo(0.0);
  }
}
