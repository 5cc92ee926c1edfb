package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/** "the most common film rating": a column's most frequent value. Own phrasings. */
class CommonValueTest {

  @Test
  void theMostCommonValueCountsRowsPerValue() {
    Pick p = understood(pagilaOrSkip(), "what is the most common film rating");
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("film.rating"));
    assertThat(p.orderBy()).singleElement().extracting(Order::direction).isEqualTo(Direction.DESC);
    assertThat(p.limit()).isEqualTo(1);
    Pick duration = understood(ReaderFixture.reader(), "what is the least frequent loan duration");
    assertThat(duration.groupBy()).containsExactly(ColumnRef.of("loan.duration"));
    assertThat(duration.orderBy())
        .singleElement()
        .extracting(Order::direction)
        .isEqualTo(Direction.ASC);
  }

  @Test
  void aSuperlativeWithoutAFrequencyWordStillRanksBySize() {
    Pick p = understood(ReaderFixture.reader(), "what is the highest loan duration");
    assertThat(p.groupBy()).isEmpty();
  }
}
