package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.TimeGrain;
import org.junit.jupiter.api.Test;

/**
 * {@link NewRows}: "new" rows are those counted at the date their count is kept by. Phrasings
 * written for this test; none is an evaluation question.
 */
class NewRowsTest {

  @Test
  void newRowsCountedInAPeriodByTheirOwnDateAreRead() {
    Draft d = Drafts.after(Leftovers.class, "number of new accounts each quarter of 1997");
    assertThat(d.problems).isEmpty();
    assertThat(d.grain).isEqualTo(TimeGrain.QUARTER);
    assertThat(d.timeColumn).isEqualTo(ColumnRef.of("account.date"));
    Draft p = Drafts.pagilaAfter(Leftovers.class, "how many new customers signed up in 2022");
    assertThat(p.problems).isEmpty();
    assertThat(p.filters).isEmpty(); // not customers of the film category called "New"
    assertThat(p.timeColumn).isEqualTo(ColumnRef.of("customer.create_date"));
  }

  @Test
  void newIsLeftUnreadWithoutAPeriodOrOnADateThatIsNoCreation() {
    assertThat(Drafts.after(Leftovers.class, "how many new accounts are there").problems)
        .contains("unknown word 'new'");
    // clients are dated by birth only: "new" there says nothing the reading could keep
    assertThat(Drafts.after(Leftovers.class, "how many new clients in 1997").problems)
        .contains("unknown word 'new'");
  }
}
