package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/**
 * A period noun that ends a list of groupings is the grain ("by store and month"). Phrasings
 * written for this test.
 */
class GrainAtTheEndOfAListTest {

  @Test
  void aPeriodNounEndingAByListIsTheGrain() {
    Pick p = understood(pagilaOrSkip(), "Number of rentals by store and month in 2022");
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("store.store_id"));
    assertThat(p.grain()).isEqualTo(TimeGrain.MONTH);
    Pick q = understood(ReaderFixture.reader(), "loan amount per region and quarter in 1997");
    assertThat(q.groupBy()).containsExactly(ColumnRef.of("district.a3"));
    assertThat(q.grain()).isEqualTo(TimeGrain.QUARTER);
  }

  @Test
  void aPeriodNounOutsideAByListIsNotAGrain() {
    Pick p = understood(ReaderFixture.reader(), "How many loans were granted in 1997 and 1998?");
    assertThat(p.grain()).isNull();
  }
}
