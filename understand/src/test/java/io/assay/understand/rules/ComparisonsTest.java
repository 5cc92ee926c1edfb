package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
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
  void aNumberColumnRightBeforeTheComparisonIsComparedWhateverFollowsTheNumber() {
    // "above 3 rated R" is no count of R-rated films: the rental rate is what is above 3
    Draft d = Drafts.pagilaAfter(Leftovers.class, "list films with a rental rate above 3 rated R");
    assertThat(d.problems).isEmpty();
    assertThat(d.countHaving).isNull();
    assertThat(d.filters)
        .contains(
            new Filter.Compare(ColumnRef.of("film.rental_rate"), Comparison.GT, Value.number(3)));
  }

  @Test
  void onlyThePhraseRightAfterTheNumberIsItsUnit() {
    Draft d =
        Drafts.after(
            Comparisons.class, "accounts with a loan of over 250000 and a duration of 36 months");
    assertThat(d.clarification).isNotNull(); // each loan, or their total per account?
    assertThat(d.clarification.options().get(0).label()).contains("loan.amount");
    Draft each =
        Drafts.after(
            ReaderFixture.reader(),
            Leftovers.class,
            "accounts with a loan of over 250000 and a duration of 36 months",
            java.util.Map.of("amount:loan:250000", "each"));
    assertThat(each.problems).isEmpty();
    assertThat(each.filters)
        .contains(
            new Filter.Compare(ColumnRef.of("loan.amount"), Comparison.GT, Value.number(250000)));
    assertThat(each.filters.toString()).contains("loan.duration");
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
