package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class TotalOfACountTest {

  @Test
  void totalBeforeTheCountedRowsIsTheCount() {
    for (String q :
        java.util.List.of(
            "the total number of loans in 1997",
            "total loan count per region",
            "total card count")) {
      Draft d = Drafts.after(Leftovers.class, q);
      assertThat(d.problems).as(q).isEmpty();
      assertThat(d.measure.toString()).as(q).contains("_count");
    }
  }

  @Test
  void totalBeforeAnAmountStaysASum() {
    Draft d = Drafts.after(Leftovers.class, "total loan amount per region");
    assertThat(d.problems).isEmpty();
    assertThat(d.measure.toString()).contains("loan_amount");
  }
}
