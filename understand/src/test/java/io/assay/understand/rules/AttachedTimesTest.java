package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import org.junit.jupiter.api.Test;

class AttachedTimesTest {

  @Test
  void aDateAfterADateColumnFiltersThatColumn() {
    Draft d = Drafts.after(AttachedTimes.class, "clients born before 1960");
    assertThat(d.filters).hasSize(1);
    assertThat(d.attachedTo.get(d.filters.get(0))).isEqualTo(ColumnRef.of("client.birth_date"));
  }

  @Test
  void aDateAfterATableFiltersTheDateItsMetricsUse() {
    Draft d = Drafts.after(AttachedTimes.class, "list the loans in 1994");
    assertThat(d.filters).hasSize(1);
    assertThat(d.attachedTo.get(d.filters.get(0))).isEqualTo(ColumnRef.of("loan.date"));
  }
}
