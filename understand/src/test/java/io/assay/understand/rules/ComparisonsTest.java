package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonsTest {

  @Test
  void aColumnComparedWithANumberIsAFilter() {
    Draft d = Drafts.after(Comparisons.class, "loans with an amount greater than 300000");
    assertThat(d.filters)
        .contains(
            new Filter.Compare(ColumnRef.of("loan.amount"), Comparison.GT, Value.number(300000)));
    Draft e = Drafts.after(Comparisons.class, "how many loans have a duration below 24?");
    assertThat(e.filters)
        .contains(
            new Filter.Compare(ColumnRef.of("loan.duration"), Comparison.LT, Value.number(24)));
  }

  @Test
  void aColumnComparedWithTheAverageWaitsForTheTimeScope() {
    Draft d = Drafts.after(Comparisons.class, "loans whose amount is above the average in 1996");
    assertThat(d.pendingAverages).hasSize(1);
    assertThat(d.pendingAverages.get(0).op()).isEqualTo(Comparison.GT);
  }

  @Test
  void aComparedCountOfRowsIsAConditionOnEachGroup() {
    for (String q :
        java.util.List.of(
            "which regions have fewer than 40 loans?",
            "show the districts that have more than 70 clients")) {
      Draft d = Drafts.after(Comparisons.class, q);
      assertThat(d.countHaving).as(q).isNotNull();
      assertThat(d.filters).as(q).isEmpty();
    }
  }

  @Test
  void aWholeNumberBeforeATableNounCountsItsRowsEvenWhenTheNounAlsoNamesColumns() {
    for (String q :
        List.of(
            "which districts have at least 90 accounts?",
            "list the regions with more than 200 accounts")) {
      Draft d = Drafts.after(Comparisons.class, q);
      assertThat(d.countHaving).as(q).isNotNull();
      assertThat(d.countHaving.of()).as(q).isEqualTo(io.assay.pick.Measure.metric("account_count"));
    }
    Draft p =
        Drafts.pagilaAfter(CountCondition.class, "which countries have more than 10 customers?");
    assertThat(p.problems).isEmpty();
    assertThat(p.groupBy).hasSize(1);
  }

  @Test
  void aComparedNumberOfTimesIsAConditionOnEachGroupsEvents() {
    Draft f =
        Drafts.after(CountCondition.class, "which accounts had a transaction more than 400 times?");
    assertThat(f.problems).isEmpty();
    assertThat(f.countHaving.measure()).isEqualTo("transaction_count");
    assertThat(f.groupBy).containsExactly(ColumnRef.of("account.account_id"));
    Draft p =
        Drafts.pagilaAfter(
            CountCondition.class, "list the customers who have rented at least 45 times");
    assertThat(p.problems).isEmpty();
    assertThat(p.countHaving.measure()).isEqualTo("rental_count");
    assertThat(p.groupBy)
        .containsExactly(ColumnRef.of("customer.first_name"), ColumnRef.of("customer.last_name"));
  }
}
