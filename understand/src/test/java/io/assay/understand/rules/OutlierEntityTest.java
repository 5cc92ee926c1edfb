package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OutlierEntityTest {

  @Test
  void theEntitiesNamedAreWhereOutliersAreSought() {
    Draft d =
        Drafts.after(OutlierEntity.class, "which districts stand out in the loan amount in 1996?");
    assertThat(d.groupBy).hasSize(1);
    assertThat(d.groupBy.get(0).table()).isEqualTo("district");
  }

  @Test
  void withoutAnOutlierAnalysisNoEntityIsTaken() {
    assertThat(Drafts.after(OutlierEntity.class, "loan amount of districts in 1996").groupBy)
        .isEmpty();
  }
}
