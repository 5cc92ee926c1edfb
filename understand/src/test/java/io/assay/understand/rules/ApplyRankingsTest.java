package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Order;
import org.junit.jupiter.api.Test;

class ApplyRankingsTest {

  @Test
  void aListingRankedByAMeasureIsThatMeasurePerRowOrderedAndCut() {
    Draft d = Drafts.after(ApplyRankings.class, "top 4 districts by number of loans");
    assertThat(d.form).isEqualTo(Form.METRIC);
    assertThat(d.groupBy).hasSize(1);
    assertThat(d.rankedListOrder).isInstanceOf(Order.ByMeasure.class);
    assertThat(d.listingLimit).isEqualTo(4);
  }

  @Test
  void anAttributeOfTheRankedRowsIsShownForEachOfThemNotRanked() {
    // ranking genders by their clients' transactions would answer another question
    Draft d =
        Drafts.after(
            ApplyRankings.class, "what is the birth date of the client with the fewest loans");
    assertThat(d.groupBy)
        .containsExactly(ColumnRef.of("client.birth_date"), ColumnRef.of("client.client_id"));
    Draft byGender = Drafts.after(ApplyRankings.class, "which gender has the fewest clients");
    assertThat(byGender.groupBy).containsExactly(ColumnRef.of("client.gender"));
  }

  @Test
  void theRowsNamedBeforeWithAreRankedAndWhatIsListedIsTheirs() {
    Draft d =
        Drafts.after(ApplyRankings.class, "which region has the district with the fewest loans");
    assertThat(d.groupBy)
        .containsExactly(ColumnRef.of("district.a3"), ColumnRef.of("district.district_id"));
    // a film is in every store: which store the question means is not said
    assertThat(
            Drafts.pagilaAfter(
                    ApplyRankings.class, "which store has the film with the fewest rentals")
                .problems)
        .isNotEmpty();
  }

  @Test
  void aListingRankedByAColumnIsOrderedAndCut() {
    Draft d = Drafts.after(ApplyRankings.class, "show the loan ids with the highest amount");
    assertThat(d.listingOrder)
        .containsExactly(new Order.ByColumn(ColumnRef.of("loan.amount"), Direction.DESC));
    assertThat(d.listingLimit).isEqualTo(1);
  }

  @Test
  void aRankedRowInsideAnotherAnswerIsARankedFilter() {
    Draft d =
        Drafts.after(
            ApplyRankings.class, "how many cards does the client with the oldest birth date hold?");
    assertThat(d.filters).anyMatch(f -> f instanceof Filter.Ranked);
  }

  @Test
  void aListCountWithoutAnOrderIsAProblem() {
    assertThat(Drafts.after(ApplyRankings.class, "which 3 districts are in Pisek?").problems)
        .anyMatch(p -> p.contains("no order"));
  }

  @Test
  void aRankingInAClauseOnTheRankedRowsDecidesFirst() {
    Draft d =
        Drafts.after(
            ApplyRankings.class,
            "what is the birth date of the youngest client whose account is in the district with"
                + " the lowest unemployment rate in 1995?");
    assertThat(d.clarification).isNull();
    assertThat(d.listingOrder.get(0).toString()).contains("district.a12");
    assertThat(d.listingOrder.get(1).toString()).contains("client.birth_date");
    // two rankings joined by "and" still ask which decides first
    Draft both =
        Drafts.after(
            ApplyRankings.class,
            "list the ids of male clients who are youngest and have the highest average salary");
    assertThat(both.clarification).isNotNull();
  }

  @Test
  void aQuantityWordOnTheWordsOfAShareCountsTheRowsItPicksOut() {
    Draft d = Drafts.after(ApplyRankings.class, "the 3 districts with the most bad loans");
    assertThat(d.measure.toString()).contains("loan_count").contains("loan.status");
    Draft share =
        Drafts.after(ApplyRankings.class, "the district with the highest share of bad loans");
    assertThat(share.measure.toString()).contains("bad_loan_share");
  }
}
