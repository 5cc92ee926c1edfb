package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reason's wording of filters: a person reads it, so no record's toString reaches it. */
class DescribeTest {

  @Test
  void anExistsFilterReadsAsWords() {
    assertThat(Describe.filter(new Filter.Exists("loan", List.of(), false)))
        .isEqualTo("at least one loan row");
    Filter gold = new Filter.Compare(ColumnRef.of("card.type"), Comparison.EQ, Value.text("gold"));
    assertThat(Describe.filter(new Filter.Exists("card", List.of(gold), true)))
        .isEqualTo("no card row with card.type = 'gold'");
  }
}
