package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class BareNounPhraseTest {

  @Test
  void aQuestionThatIsOnlyANounPhraseListsItsRows() {
    Pick p = ReaderFixture.understood(ReaderFixture.reader(), "all accounts in Pisek");
    assertThat(p.select().toString()).contains("account.account_id");
    assertThat(p.filters().toString()).contains("Pisek");
    Pick q = ReaderFixture.understood(ReaderFixture.reader(), "loans in 1996");
    assertThat(q.select().toString()).contains("loan.loan_id");
    assertThat(q.measures()).isEmpty();
  }

  @Test
  void aUnitOfTimeAfterANumberIsNoGrain() {
    Pick p = ReaderFixture.understood(ReaderFixture.reader(), "loans with a term of 36 months");
    assertThat(p.select().toString()).contains("loan.loan_id");
    assertThat(p.filters().toString()).contains("loan.duration");
    Pick q =
        ReaderFixture.understood(
            ReaderFixture.reader(), "loans with a duration of more than 48 months in 1995");
    assertThat(q.select().toString()).contains("loan.loan_id");
    assertThat(q.grain()).isNull();
  }

  @Test
  void aNounPhraseThatGroupsOrRanksIsNotAPlainList() {
    for (String q : List.of("clients by district", "the oldest clients in Pisek")) {
      Reading r = ReaderFixture.reader().read(q, "", List.of());
      if (r instanceof Reading.Understood u) {
        Pick p = u.pick();
        assertThat(p.measures().isEmpty() && p.orderBy().isEmpty() && p.groupBy().isEmpty())
            .as("%s: %s", q, p)
            .isFalse();
      }
    }
  }

  @Test
  void countingRowsQualifiedByAFlagAsksWhichValueCounts() {
    // staff.active has no words for its values (customer.active has, in the dataset's codes)
    Reading r =
        ReaderFixture.pagilaOrSkip().read("number of active staff in store 2", "", List.of());
    assertThat(r).isInstanceOf(Reading.Abstained.class);
    assertThat(((Reading.Abstained) r).reason()).contains("staff.active");
  }

  @Test
  void aRankingAfterTheNounRanksTheRowsNamed() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "the 5 cities with the most customers");
    assertThat(p.limit()).isEqualTo(5);
    assertThat(p.orderBy()).hasSize(1);
    assertThat(p.groupBy().toString()).contains("city.");
    Pick q =
        ReaderFixture.understood(
            ReaderFixture.reader(), "accounts with the most transactions in 1997");
    assertThat(q.limit()).isEqualTo(1);
    assertThat(q.groupBy().toString()).contains("account.account_id");
  }
}
