package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AttributionTest {

  @Test
  void rowsReachingClientsThroughDispositionsKeepTheOwner() {
    Draft d = Drafts.after(Attribution.class, "how many loans do women have?");
    assertThat(d.filters.toString()).contains("disp.type");
  }

  @Test
  void aQuestionFilteringTheDispositionItselfIsLeftAlone() {
    Draft d = Drafts.after(Attribution.class, "how many accounts have a disponent?");
    assertThat(d.filters.stream().filter(f -> f.toString().contains("disp.type")).count())
        .isLessThanOrEqualTo(1);
  }
}
