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

  @Test
  void aGrainWordAfterAComparedNumberIsItsUnit() {
    Draft a = Drafts.after(Leftovers.class, "list the accounts with loans longer than 12 months");
    assertThat(a.grain).isNull();
    assertThat(a.problems).isEmpty();
    Draft b = Drafts.after(Leftovers.class, "how many loans run for more than 48 months?");
    assertThat(b.grain).isNull();
    assertThat(b.problems).isEmpty();
  }

  @Test
  void aForecastHorizonStillSetsItsGrain() {
    assertThat(
            Drafts.after(Grains.class, "forecast the number of loans for the next 6 months").grain)
        .isEqualTo(TimeGrain.MONTH);
  }
}
