package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CountConditionTest {

  @Test
  void aCountConditionGroupsTheListedColumnsAndKeepsTheCount() {
    for (String q :
        java.util.List.of(
            "which regions have fewer than 40 loans?",
            "show the districts that have more than 70 clients")) {
      Draft d = Drafts.after(CountCondition.class, q);
      assertThat(d.problems).as(q).isEmpty();
      assertThat(d.groupBy).as(q).hasSize(1);
      assertThat(d.select).as(q).isEmpty();
      assertThat(d.countHaving.measure()).as(q).isNotNull();
    }
  }

  @Test
  void aCountConditionOutsideAListingIsAProblem() {
    assertThat(
            Drafts.after(CountCondition.class, "how many regions have fewer than 40 loans?")
                .problems)
        .anyMatch(p -> p.contains("only to listed groups"));
  }
}
