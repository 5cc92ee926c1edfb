package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Rankings}: "the first client who opened an account" ranks rows with no date of their own
 * by the date of what the clause after them says they did.
 */
class FirstByTheirEventTest {

  @Test
  void theFirstRowsAreRankedByTheirClausesDate() {
    for (String q :
        List.of(
            "Who is the first client who opened an account in Brno?",
            "What is the account number of the first client that opened an account in Pisek?")) {
      Pick p = understood(ReaderFixture.reader(), q);
      assertThat(p.orderBy())
          .as(q)
          .containsExactly(new Order.ByColumn(ColumnRef.of("account.date"), Direction.ASC));
      assertThat(p.limit()).as(q).isEqualTo(1);
    }
  }

  @Test
  void aClauseWithNoDateRanksNothing() {
    Reading r =
        ReaderFixture.reader()
            .read("What is the gender of the first client who has a loan?", "", List.of());
    assertThat(r).isNotInstanceOf(Reading.Understood.class);
  }
}
