package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NegationInAnalysisTest {

  @Test
  void anAnalysisOfRowsWithoutRelatedRowsIsNotRun() {
    Draft d =
        Drafts.after(
            NegationInAnalysis.class,
            "is anything unusual in the monthly number of accounts that never had a loan?");
    assertThat(d.problems).anyMatch(p -> p.contains("negation inside an analysis"));
  }

  @Test
  void aPlainQuestionWithANegationIsNotAffected() {
    Draft d = Drafts.after(NegationInAnalysis.class, "how many clients never had a loan?");
    assertThat(d.problems).isEmpty();
  }
}
