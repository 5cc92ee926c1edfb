package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HorizonTest {

  @Test
  void aForecastLooksAsFarAheadAsItsNumberOfPeriods() {
    assertThat(Drafts.after(Horizon.class, "forecast the next 4 months of loan amount").horizon)
        .isEqualTo(4);
    assertThat(Drafts.after(Horizon.class, "predict the next 9 months of credit amount").horizon)
        .isEqualTo(9);
  }

  @Test
  void aNumberThatIsNoPeriodCountIsNoHorizon() {
    assertThat(Drafts.after(Horizon.class, "forecast the loan amount of 4 districts").horizon)
        .isNull();
  }
}
