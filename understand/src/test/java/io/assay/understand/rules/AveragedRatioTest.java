package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import io.assay.pick.Pick;
import org.junit.jupiter.api.Test;

/** "average revenue per customer": a ratio metric per entity is the average asked for. */
class AveragedRatioTest {

  @Test
  void theAverageOfARatioPerEntityIsTheRatio() {
    Pick p = understood(pagilaOrSkip(), "what is the average revenue per customer in June 2022");
    assertThat(p.measures())
        .singleElement()
        .isInstanceOfSatisfying(
            Measure.Metric.class, m -> assertThat(m.metric()).isEqualTo("revenue_per_customer"));
  }
}
