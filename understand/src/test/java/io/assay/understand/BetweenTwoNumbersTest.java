package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Filter;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "a length between 60 and 90 minutes": a numeric column kept within two numbers, ends included.
 */
class BetweenTwoNumbersTest {

  @Test
  void aColumnBetweenTwoNumbersKeepsTheRowsInThatRange() {
    Pick p =
        understood(ReaderFixture.reader(), "how many loans have payments between 3000 and 4000");
    assertThat(p.filters()).hasSize(1);
    assertThat(p.filters().get(0)).isInstanceOf(Filter.Between.class);
    assertThat(p.filters().toString()).contains("loan.payments", "3000", "4000");
    Pick films =
        understood(
            ReaderFixture.pagilaOrSkip(),
            "titles of films whose length is between 100 and 110 minutes");
    assertThat(films.filters().toString()).contains("film.length", "100", "110");
  }

  @Test
  void aUnitTheColumnDoesNotKeepIsNotRead() {
    Reading r =
        ReaderFixture.pagilaOrSkip()
            .read("films with a length between 2 and 3 miles", "", List.of());
    assertThat(r).isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aPhraseNamingAColumnAndItsTotalIsTheColumnBeforeARange() {
    Pick p =
        understood(
            ReaderFixture.reader(), "list the loan ids with a loan amount between 20000 and 30000");
    assertThat(p.filters().toString()).contains("loan.amount", "20000", "30000");
  }
}
