package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Projection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule of each answer form, through the dispatching rule. */
class MeasureOrSelectionTest {

  private static Draft read(String q) {
    return Drafts.after(MeasureOrSelection.class, q);
  }

  @Test
  void aCountCountsTheRowsNamedAfterTheCountingWord() {
    assertThat(read("how many accounts are in Pisek?").measure)
        .isEqualTo(Measure.metric("account_count"));
    Draft d = read("how many junior cards were issued?");
    assertThat(d.measure).isEqualTo(Measure.metric("card_count"));
    assertThat(d.filters).hasSize(1);
  }

  @Test
  void aPercentageIsTheConditionsCountOverAllRows() {
    for (String q :
        List.of("what percentage of clients are men?", "share of loans that are from Pisek")) {
      Draft d = read(q);
      Measure.Ratio r = (Measure.Ratio) d.measure;
      assertThat(r.percent()).as(q).isTrue();
      assertThat(((Measure.Aggregate) r.numerator()).filters()).as(q).hasSize(1);
      assertThat(d.filters).as(q).isEmpty();
    }
  }

  @Test
  void aGrowthIsThePercentChangeOfTheMeasureAfterIt() {
    Draft d = read("growth of the number of loans from 1994 to 1996");
    assertThat(d.measure).isInstanceOf(Measure.Growth.class);
    assertThat(((Measure.Growth) d.measure).of()).isEqualTo(Measure.metric("loan_count"));
  }

  @Test
  void anAggregateWordAppliesToTheColumnAfterIt() {
    Measure m = read("what is the total balance of transactions in 1996?").measure;
    assertThat(m).isInstanceOf(Measure.Aggregate.class);
    assertThat(((Measure.Aggregate) m).fn()).isEqualTo(Aggregation.SUM);
    assertThat(((Measure.Aggregate) m).column()).isEqualTo(ColumnRef.of("trans.balance"));
    // an aggregating word that names a metric with it reads the metric
    assertThat(read("what is the average loan duration?").metricName)
        .isEqualTo("average_loan_duration");
  }

  @Test
  void aNamedMetricIsTheMeasure() {
    assertThat(read("the card withdrawal amount in 1996").metricName)
        .isEqualTo("card_withdrawal_amount");
    assertThat(read("what was the credit amount in Pisek?").metricName).isEqualTo("credit_amount");
  }

  @Test
  void aListingShowsTheAttributesOfTheEntityNamedLast() {
    Draft d = read("list the IDs and birth dates of the clients in Pisek");
    assertThat(d.select)
        .containsExactly(
            Projection.column("client.client_id"), Projection.column("client.birth_date"));
    Draft e = read("show the districts in south Bohemia");
    assertThat(e.select).hasSize(1);
  }

  @Test
  void aPhraseNamingATableAndSeveralCountsOfItIsTheCountOfItsRows() {
    for (String q :
        List.of("what is the number of rentals per store?", "the number of rentals in June 2022")) {
      Draft d = Drafts.pagilaAfter(MeasureOrSelection.class, q);
      assertThat(d.clarification).as(q).isNull();
      assertThat(d.metricName).as(q).isEqualTo("rental_count");
    }
  }

  @Test
  void aCountingPhraseAfterAListWordIsACountButAnIdNumberIsAnId() {
    assertThat(Drafts.after(AnswerForm.class, "what is the number of loans per district?").form)
        .isEqualTo(Form.METRIC);
    Draft d = read("list the id number of the clients in Pisek");
    assertThat(d.form).isEqualTo(Form.LISTING);
  }

  @Test
  void aRankingAdjectiveAndANumberWordSitBetweenTheListWordAndTheListedRows() {
    for (String[] q :
        List.of(
            new String[] {"show the 2 oldest clients", "2"},
            new String[] {"list the three youngest clients in Pisek", "3"},
            new String[] {"name the youngest client", null})) {
      Draft d = Drafts.after(ApplyRankings.class, q[0]);
      assertThat(d.form).as(q[0]).isEqualTo(Form.LISTING);
      assertThat(d.select).as(q[0]).containsExactly(Projection.column("client.client_id"));
      assertThat(d.listingLimit).as(q[0]).isEqualTo(q[1] == null ? 1 : Integer.parseInt(q[1]));
      assertThat(d.listingOrder).as(q[0]).hasSize(1);
    }
  }

  @Test
  void anAverageBeforeAMetricThatSumsIsTheAverageOfItsColumn() {
    Measure f = read("avg loan amount in 1996").measure;
    assertThat(f)
        .isEqualTo(
            new Measure.Aggregate(Aggregation.AVG, ColumnRef.of("loan.amount"), List.of(), null));
    Measure p =
        Drafts.pagilaAfter(MeasureOrSelection.class, "avg payment amount in June 2022").measure;
    assertThat(p)
        .isEqualTo(
            new Measure.Aggregate(
                Aggregation.AVG, ColumnRef.of("payment.amount"), List.of(), null));
  }

  @Test
  void aListedRowIsShownByAllItsLabelColumnsUnlessItsIdsAreAskedFor() {
    assertThat(
            Drafts.pagilaAfter(MeasureOrSelection.class, "which customers live in Canada?").select)
        .containsExactly(
            Projection.column("customer.first_name"), Projection.column("customer.last_name"));
    assertThat(
            Drafts.pagilaAfter(MeasureOrSelection.class, "list the customer ids in Canada").select)
        .containsExactly(Projection.column("customer.customer_id"));
    assertThat(read("show the districts in south Bohemia").select)
        .containsExactly(Projection.column("district.a2"));
  }
}
