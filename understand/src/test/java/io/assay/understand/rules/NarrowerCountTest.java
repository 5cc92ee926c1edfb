package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class NarrowerCountTest {

  @Test
  void aCountOfTheSameRowsNamedAfterIsIsTheAnswer() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "how many rentals were not returned in 2022");
    assertThat(p.measures()).containsExactly(Measure.metric("unreturned_rental_count"));
    assertThat(p.toString()).contains("2022");
  }

  @Test
  void aValueAfterIsStaysAFilter() {
    Pick p = ReaderFixture.understood(ReaderFixture.reader(), "how many loans are in debt");
    assertThat(p.measures()).containsExactly(Measure.metric("loan_count"));
    assertThat(p.filters()).isNotEmpty();
  }
}
