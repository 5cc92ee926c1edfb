package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NegatedRowsTest {

  @Test
  void aNegatedTablePhraseKeepsRowsWithoutRelatedRows() {
    for (String q :
        List.of("clients who never had a loan", "accounts that don't have any standing orders")) {
      Draft d = Drafts.after(NegatedRows.class, q);
      assertThat(d.absent).as(q).hasSize(1);
      assertThat(d.absent.get(0).negated()).as(q).isTrue();
    }
  }

  @Test
  void valuesAfterTheNegatedRowsAreReadInsideThem() {
    Draft d =
        Drafts.after(
            NegatedRows.class, "how many accounts have never had a card of the gold type?");
    assertThat(d.absent).hasSize(1);
    assertThat(d.absent.get(0).table()).isEqualTo("card");
    assertThat(d.absent.get(0).filters()).hasSize(1);
    assertThat(d.filters).isEmpty();
  }
}
