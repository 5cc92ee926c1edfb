package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/**
 * A bare superlative after a verb that names a metric ranks by that metric ("which customer spent
 * the most"); a verb before a ranked metric of the same events is explained by it ("withdrew the
 * most cash"). Phrasings written for this test.
 */
class RankedByTheVerbTest {

  @Test
  void theVerbBeforeABareSuperlativeNamesTheRankingMetric() {
    Pick least = understood(pagilaOrSkip(), "which customer spent the least");
    assertThat(least.measures()).extracting(Measure::alias).containsExactly("revenue");
    assertThat(least.orderBy().get(0).direction()).isEqualTo(Direction.ASC);
    assertThat(least.limit()).isEqualTo(1);
    Pick most = understood(ReaderFixture.reader(), "Which account withdrew the most in 1997?");
    assertThat(most.measures()).extracting(Measure::alias).containsExactly("withdrawal_amount");
    assertThat(most.orderBy().get(0).direction()).isEqualTo(Direction.DESC);
  }

  @Test
  void aVerbOfTheRankedEventsIsExplainedByIt() {
    Pick p = understood(ReaderFixture.reader(), "Which account withdrew the most cash in 1997?");
    assertThat(p.measures()).extracting(Measure::alias).containsExactly("cash_withdrawal_amount");
  }
}
