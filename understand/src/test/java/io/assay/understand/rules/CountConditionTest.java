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
  void onACountOfOtherRowsItKeepsEachCountedRowByHowManyItHas() {
    Draft d = Drafts.after(CountCondition.class, "How many clients have more than one account?");
    assertThat(d.problems).isEmpty();
    assertThat(d.countHaving).isNull();
    assertThat(d.filters)
        .singleElement()
        .isInstanceOfSatisfying(
            io.assay.pick.Filter.RelatedCount.class,
            rc -> {
              assertThat(rc.table()).isEqualTo("account");
              assertThat(rc.op()).isEqualTo(io.assay.pick.Comparison.GT);
              assertThat(rc.count()).isEqualTo(1);
            });
    Draft films =
        Drafts.pagilaAfter(CountCondition.class, "how many customers made more than 30 payments");
    assertThat(films.problems).isEmpty();
    assertThat(films.filters).singleElement().isInstanceOf(io.assay.pick.Filter.RelatedCount.class);
  }

  @Test
  void aCountConditionOutsideAListingIsAProblem() {
    assertThat(
            // the regions' values are counted, not rows that could each be kept
            Drafts.after(CountCondition.class, "how many regions have fewer than 40 loans?")
                .problems)
        .anyMatch(p -> p.contains("only to listed groups"));
  }
}
