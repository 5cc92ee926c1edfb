package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SideBySideCueTest {

  @Test
  void aRatioWordOrAPerWordBeforeAValueSetsTwoQuantitiesSideBySide() {
    assertThat(Drafts.after(SideBySideCue.class, "ratio of gold cards to junior cards").sideBySide)
        .isTrue();
    assertThat(
            Drafts.after(SideBySideCue.class, "how many female clients for every male client")
                .sideBySide)
        .isTrue();
  }

  @Test
  void aPerWordBeforeAnEntityIsAGrouping() {
    assertThat(Drafts.after(SideBySideCue.class, "how many loans per district").sideBySide)
        .isFalse();
  }
}
