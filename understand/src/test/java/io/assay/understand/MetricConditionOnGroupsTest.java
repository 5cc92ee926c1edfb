package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "categories with an average length above 120": a metric over other rows than those listed, then a
 * comparison, keeps each listed row (a group) by its metric. Phrasings written for this test.
 */
class MetricConditionOnGroupsTest {

  @Test
  void listedRowsAreKeptByTheMetricOfTheirRows() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.reader(), "districts with an average loan amount above 200000");
    assertThat(p.groupBy()).contains(ColumnRef.parse("district.a2"));
    assertThat(p.having()).hasSize(1);
    assertThat(p.having().get(0).op()).isEqualTo(Comparison.GT);
    assertThat(p.having().get(0).toString()).contains("200000");
    Pick minutes =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(),
            "which languages have an average film length under 200 minutes");
    assertThat(minutes.having().get(0).op()).isEqualTo(Comparison.LT);
  }

  @Test
  void aCountOfSuchGroupsIsNotGuessed() {
    assertThat(
            ReaderFixture.reader()
                .read("how many districts have an average loan amount above 200000", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
