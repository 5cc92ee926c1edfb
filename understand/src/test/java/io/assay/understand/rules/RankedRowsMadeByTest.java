package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "the biggest payment made by customer 148": "by" says who made the rows, not what ranks them. */
class RankedRowsMadeByTest {

  @Test
  void oneNamedRowAfterByIsWhoMadeTheRankedRows() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    Pick p = ReaderFixture.understood(pagila, "what was the smallest payment made by customer 9?");
    Measure.Aggregate min = (Measure.Aggregate) p.measures().get(0);
    assertThat(min.fn()).isEqualTo(Aggregation.MIN);
    assertThat(min.column()).isEqualTo(ColumnRef.of("payment.amount"));
    assertThat(p.groupBy()).isEmpty();
    assertThat(p.filters().toString()).contains("customer.customer_id");
  }

  @Test
  void rowsMadeByManyAreNotRankedByHowManyMadeThem() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    Reading r = pagila.read("the 5 largest payments made by customers", "", List.of());
    if (r instanceof Reading.Understood u) {
      assertThat(u.pick().measures().toString()).doesNotContain("customer_count");
    }
  }

  @Test
  void byAfterTheRankedRowsStillRanksThem() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    Pick p = ReaderFixture.understood(pagila, "top 3 films by number of rentals");
    assertThat(p.limit()).isEqualTo(3);
    assertThat(p.measures().toString()).contains("rental");
  }
}
