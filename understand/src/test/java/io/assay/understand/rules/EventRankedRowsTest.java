package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Comparison;
import io.assay.pick.Having;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rows ranked or kept by a verb naming an event or a total of the dataset. Phrasings written for
 * this test; none is an evaluation question.
 */
class EventRankedRowsTest {

  @Test
  void theMostPlusAnEventBeforeANounRanksTheNounsRowsByHowManyEvents() {
    Pick p = ReaderFixture.understood(ReaderFixture.pagilaOrSkip(), "the 10 most rented films");
    assertThat(p.limit()).isEqualTo(10);
    assertThat(p.groupBy().toString()).contains("film.");
    assertThat(p.measures().toString()).contains("rental_count");
  }

  @Test
  void aVerbNamingATotalComparesEachListedGroupsTotal() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.reader(), "accounts that withdrew more than 100000 in 1997");
    assertThat(p.having())
        .containsExactly(Having.on("withdrawal_amount", Comparison.GT, Value.number(100000)));
    assertThat(p.groupBy().toString()).contains("account.account_id");
  }

  @Test
  void aDateIsNeverComparedWithAPlainNumber() {
    Reading r =
        ReaderFixture.pagilaOrSkip().read("customers who paid over 150 in 2022", "", List.of());
    if (r instanceof Reading.Understood u) {
      assertThat(u.pick().filters().toString()).doesNotContain("payment_date, op=GT");
    }
  }
}
