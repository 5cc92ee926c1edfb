package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpellingTest {

  @Test
  void countsEditsAndSwapsOfNeighbours() {
    assertThat(Spelling.distance("distric", "district", 2)).isEqualTo(1);
    assertThat(Spelling.distance("cleint", "client", 2)).isEqualTo(1);
    assertThat(Spelling.distance("loan", "loan", 1)).isZero();
  }

  @Test
  void stopsPastTheLimit() {
    assertThat(Spelling.distance("account", "district", 1)).isEqualTo(2);
    assertThat(Spelling.distance("a", "abcdef", 2)).isEqualTo(3);
  }
}
