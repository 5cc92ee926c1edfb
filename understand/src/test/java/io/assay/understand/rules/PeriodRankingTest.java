package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/** "which month had the highest revenue": periods ranked by a measure. Own phrasings. */
class PeriodRankingTest {

  @Test
  void aPeriodAskedForIsRankedByTheMeasure() {
    Pick p = understood(pagilaOrSkip(), "which month had the highest revenue in 2022");
    assertThat(p.grain()).isEqualTo(TimeGrain.MONTH);
    assertThat(p.measures()).extracting(Measure::alias).containsExactly("revenue");
    assertThat(p.orderBy()).containsExactly(new Order.ByMeasure("revenue", Direction.DESC));
    assertThat(p.limit()).isEqualTo(1);
    Pick fewest = understood(ReaderFixture.reader(), "what year had the fewest loans");
    assertThat(fewest.grain()).isEqualTo(TimeGrain.YEAR);
    assertThat(fewest.orderBy())
        .singleElement()
        .extracting(Order::direction)
        .isEqualTo(Direction.ASC);
  }

  @Test
  void aSeriesWithoutARankingKeepsItsOrderOfPeriods() {
    Pick p = understood(pagilaOrSkip(), "revenue per month in 2022");
    assertThat(p.orderBy()).containsExactly(new Order.ByPeriod(Direction.ASC));
    assertThat(p.limit()).isNull();
  }
}
