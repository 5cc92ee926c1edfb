package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LeftoversTest {

  @Test
  void aNumberNoRuleExplainedIsAProblem() {
    assertThat(Drafts.after(Leftovers.class, "how many loans 77 are in Pisek?").problems)
        .anyMatch(p -> p.contains("the number 77"));
  }

  @Test
  void anOperatorNoRuleAppliedIsAProblem() {
    assertThat(Drafts.after(Leftovers.class, "how many loans are the highest?").problems)
        .anyMatch(p -> p.startsWith("could not apply"));
  }

  @Test
  void aFullyExplainedQuestionHasNoProblem() {
    assertThat(Drafts.after(Leftovers.class, "how many clients live in Pisek?").problems).isEmpty();
  }
}
