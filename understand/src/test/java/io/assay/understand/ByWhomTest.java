package io.assay.understand;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import org.junit.jupiter.api.Test;

/**
 * "by" naming who made the rows, "by each" grouping, and a date after a grouped noun dating the
 * measured rows. Phrasings written for this test; none is an evaluation question.
 */
class ByWhomTest {

  @Test
  void byOneRowNamesWhoMadeTheRows() {
    Pick account =
        understood(ReaderFixture.reader(), "the smallest transaction amount made by account 2121");
    assertThat(account.groupBy()).isEmpty();
    assertThat(account.filters().toString()).contains("account.account_id").contains("2121");
    Pick customer = understood(pagilaOrSkip(), "list the films rented by customer Linda Williams");
    assertThat(customer.groupBy()).isEmpty();
    assertThat(customer.filters().toString()).contains("LINDA").contains("WILLIAMS");
  }

  @Test
  void byEachGroupsAndTheDateIsTheMeasuredRows() {
    Pick p = understood(pagilaOrSkip(), "the total amount paid by each customer in May 2022");
    assertThat(p.groupBy().toString()).contains("customer.");
    assertThat(p.timeColumn() + " " + p.filters())
        .contains("payment_date")
        .doesNotContain("create");
  }

  @Test
  void aColumnPhraseDoesNotSwallowItsRowsBeforeIn() {
    Pick p = understood(ReaderFixture.reader(), "which district has the most loans in status B");
    assertThat(p.measures().toString()).contains("loan_count");
    assertThat(p.filters().toString()).contains("loan.status");
  }

  @Test
  void rowsByPeopleLivingInAPlaceAskEachOrTotal() {
    Reading r =
        pagilaOrSkip()
            .read(
                "what is the total amount paid by customers residing in Brazil?",
                "",
                java.util.List.of());
    assertThat(r).isInstanceOf(Reading.Ambiguous.class);
    assertThat(((Reading.Ambiguous) r).clarification().id()).startsWith("by-rows:");
  }
}
