package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Filter;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Conditions that were read as something else: "no <column>" is the column left empty, "both A and
 * B" needs related rows holding each, and periods of a date the counted rows have several of are
 * not replaced by the periods of their own date.
 */
class WhatRelatedRowsHoldTest {

  @Test
  void noColumnIsThatColumnLeftEmptyOnTheRowsCounted() {
    Pick p = understood(ReaderFixture.reader(), "how many orders came with no k_symbol");
    assertThat(p.filters())
        .containsExactly(new Filter.IsNull(io.assay.pick.ColumnRef.of("order.k_symbol"), false));
    Pick t = understood(ReaderFixture.reader(), "number of transactions with no k_symbol in 1998");
    assertThat(t.filters().toString()).contains("trans.k_symbol").doesNotContain("Exists");
  }

  @Test
  void bothOfTwoValuesOfRelatedRowsNeedsOneRelatedRowForEach() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    Pick p = understood(r, "how many films belong to both Horror and Comedy");
    assertThat(p.filters().stream().filter(f -> f instanceof Filter.Exists)).hasSize(2);
    assertThat(p.filters().toString()).doesNotContain("In[");
    // a row's own column holds one value: both cannot be met
    assertThat(ReaderFixture.reader().read("clients who are both male and female", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void periodsOfADateTheCountedRowsHaveSeveralOfAreNotAnswered() {
    QuestionReader r = ReaderFixture.reader();
    assertThat(r.read("number of clients who took a loan in 1997, per quarter", "", List.of()))
        .isInstanceOf(Reading.Abstained.class);
    // the measured rows' own date with a condition on their account's date is fine
    Pick p = understood(r, "monthly loan amount for accounts opened in 1994");
    assertThat(p.grain()).isNotNull();
    assertThat(p.filters().toString()).contains("account.date");
  }

  @Test
  void aGrainWordBeforeACountPhraseStillCounts() {
    Pick p = understood(ReaderFixture.reader(), "quarterly number of loans in 1997");
    assertThat(p.measures().toString()).contains("loan_count");
    assertThat(p.grain()).isNotNull();
  }

  @Test
  void aPlaceOfRowsOffThePathTakenIsNotAnsweredAsAnotherRowsPlace() {
    QuestionReader r = ReaderFixture.reader();
    // the disponents' place is their clients'; the accounts' place is another path
    Reading off = r.read("how many disponents do accounts in east Bohemia have", "", List.of());
    assertThat(off).isInstanceOf(Reading.Abstained.class);
    assertThat(((Reading.Abstained) off).reason()).contains("account");
    // rows on the path, or the measured rows themselves, keep their place
    assertThat(understood(r, "number of loans of accounts in south Moravia").filters().toString())
        .contains("district.a3");
    assertThat(understood(r, "how many clients in the district of Kolin").filters().toString())
        .contains("Kolin");
  }
}
