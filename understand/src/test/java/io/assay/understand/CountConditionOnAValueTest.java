package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "more than 2 disponents": a count condition on rows named by a value's word keeps that value
 * inside the count. Phrasings written for this test.
 */
class CountConditionOnAValueTest {

  @Test
  void rowsNamedByAValueAreCountedWithIt() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.reader(), "number of accounts with at least 2 owners");
    assertThat(p.filters()).hasSize(1);
    Filter.RelatedCount rc = (Filter.RelatedCount) p.filters().get(0);
    assertThat(rc.table()).isEqualTo("disp");
    assertThat(rc.op()).isEqualTo(Comparison.GE);
    assertThat(rc.count()).isEqualTo(2);
    assertThat(rc.filters().toString()).contains("disp.type").contains("OWNER");
    Pick cards =
        ReaderFixture.understood(
            ReaderFixture.reader(), "how many clients own more than 2 junior cards");
    assertThat(cards.filters().toString()).contains("card.type").contains("junior");
  }

  @Test
  void aValueBeforeOtherRowsNounIsNotTheirCount() {
    assertThat(
            ReaderFixture.pagilaOrSkip()
                .read("how many films have more than 3 PG copies", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
