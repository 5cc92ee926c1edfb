package io.assay.analyses;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.recon.MetricDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

class MetricTraitsTest {

  private static MetricDefinition aggregate(String name, Aggregation aggregation) {
    return new MetricDefinition.Aggregate(
        name, "", List.of(), aggregation, ColumnRef.of("t.x"), List.of(), null, null, null);
  }

  @Test
  void sumsAndCountsAddUpAndOnlyCountsCountRows() {
    assertThat(MetricTraits.additive(aggregate("total", Aggregation.SUM))).isTrue();
    assertThat(MetricTraits.counts(aggregate("total", Aggregation.SUM))).isFalse();
    assertThat(MetricTraits.additive(aggregate("rows", Aggregation.COUNT))).isTrue();
    assertThat(MetricTraits.counts(aggregate("rows", Aggregation.COUNT))).isTrue();
    // Distinct counts of two groups do not add up (one value may be in both), but they count.
    assertThat(MetricTraits.additive(aggregate("kinds", Aggregation.COUNT_DISTINCT))).isFalse();
    assertThat(MetricTraits.counts(aggregate("kinds", Aggregation.COUNT_DISTINCT))).isTrue();
    assertThat(MetricTraits.additive(aggregate("mean", Aggregation.AVG))).isFalse();
    MetricDefinition ratio =
        new MetricDefinition.Ratio(
            "per_row", "", List.of(), "total", "rows", false, "t", null, null, null);
    assertThat(MetricTraits.additive(ratio)).isFalse();
    assertThat(MetricTraits.counts(ratio)).isFalse();
  }

  @Test
  void wordsAreTheNameWithSpaces() {
    assertThat(MetricTraits.words(aggregate("cash_withdrawal_amount", Aggregation.SUM)))
        .isEqualTo("cash withdrawal amount");
  }
}
