package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/**
 * A superlative on a phrase naming a total ranks the listed rows by that total, not by the one
 * largest row under each ("which store has the highest revenue" was the store of the single largest
 * payment). Phrasings written for this test.
 */
class RankedByATotalTest {

  @Test
  void aTotalRanksTheListedRowsByTheirTotal() {
    for (String q :
        new String[] {
          "which store has the highest revenue", "which category has the lowest revenue in 2022"
        }) {
      Pick p = understood(pagilaOrSkip(), q);
      assertThat(p.measures()).as(q).extracting(Measure::alias).containsExactly("revenue");
      assertThat(p.groupBy()).as(q).hasSize(1);
      assertThat(p.limit()).as(q).isEqualTo(1);
    }
  }

  @Test
  void aSizeWordOnRowsStillRanksThemByTheirAmount() {
    Pick p = understood(ReaderFixture.reader(), "what was the biggest loan in 1997");
    assertThat(p.measures())
        .singleElement()
        .isInstanceOfSatisfying(
            Measure.Aggregate.class, a -> assertThat(a.fn()).isEqualTo(Aggregation.MAX));
  }

  @Test
  void topNByAnotherTablesAmountRanksEachByItsTotal() {
    // one payment's amount would list a customer once per payment; "total" before a sum is that sum
    for (String q :
        new String[] {"top 3 customers by amount paid", "top 3 categories by total revenue"}) {
      Pick p = understood(pagilaOrSkip(), q);
      assertThat(p.measures()).as(q).extracting(Measure::alias).containsExactly("revenue");
      assertThat(p.groupBy()).as(q).isNotEmpty();
      assertThat(p.orderBy()).as(q).isNotEmpty();
    }
    // the rows' own amount still ranks the rows themselves
    Pick own = understood(ReaderFixture.reader(), "top 7 loans by amount");
    assertThat(own.measures()).isEmpty();
    assertThat(own.limit()).isEqualTo(7);
  }

  @Test
  void anAverageBeforeTheRowsOwnValueOrAnAverageRanksByIt() {
    Pick own = understood(ReaderFixture.reader(), "top 4 districts by avg unemployment in 1996");
    assertThat(own.limit()).isEqualTo(4);
    assertThat(own.orderBy().toString()).contains("district.a13");
    Pick avg = understood(pagilaOrSkip(), "top 3 categories by avg film length");
    assertThat(avg.measures().toString()).contains("AVG").contains("film.length");
    // the average of other rows' values per ranked row, not one of those values
    Pick paid = understood(pagilaOrSkip(), "top 5 customers by avg payment amount");
    assertThat(paid.measures().get(0)).isInstanceOf(Measure.Aggregate.class);
    assertThat(((Measure.Aggregate) paid.measures().get(0)).fn()).isEqualTo(Aggregation.AVG);
  }
}
