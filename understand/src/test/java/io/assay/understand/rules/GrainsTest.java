package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.TimeGrain;
import org.junit.jupiter.api.Test;

class GrainsTest {

  @Test
  void grainWordsSetTheGrain() {
    assertThat(Drafts.after(Grains.class, "number of loans per quarter").grain)
        .isEqualTo(TimeGrain.QUARTER);
    assertThat(Drafts.after(Grains.class, "monthly loan amount in 1996").grain)
        .isEqualTo(TimeGrain.MONTH);
  }

  @Test
  void aGrainWordThatNamesAStoredValueIsNoGrain() {
    assertThat(Drafts.after(Grains.class, "how many accounts have a monthly statement?").grain)
        .isNull();
  }

  @Test
  void twoDifferentGrainsAreAProblem() {
    assertThat(Drafts.after(Grains.class, "yearly loan amount per month").problems)
        .anyMatch(p -> p.contains("two time grains"));
  }
}
