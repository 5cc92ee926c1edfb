package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

class PercentMeasureTest {

  @Test
  void aShareOfEntitiesHavingARelatedRowCountsThoseWithOne() {
    for (String q :
        List.of(
            "what share of clients hold a card?",
            "percentage of accounts that were granted a loan")) {
      Draft d = Drafts.after(Leftovers.class, q);
      assertThat(d.problems).as(q).isEmpty();
      Measure.Ratio r = (Measure.Ratio) d.measure;
      assertThat(((Measure.Aggregate) r.numerator()).filters())
          .as(q)
          .singleElement()
          .isInstanceOf(Filter.Exists.class);
      assertThat(((Measure.Aggregate) r.denominator()).filters()).as(q).isEmpty();
    }
  }

  @Test
  void whereTheRowsAreBeforeHaveScopesTheWholeAndWhatTheyHaveThePart() {
    Draft d =
        Drafts.after(
            Leftovers.class, "what percentage of loans in the north Moravia region have status A");
    assertThat(d.problems).isEmpty();
    assertThat(d.filters.toString()).contains("north Moravia"); // both counts
    Measure.Ratio r = (Measure.Ratio) d.measure;
    assertThat(r.numerator().toString()).contains("loan.status").doesNotContain("north Moravia");
  }

  @Test
  void aConditionOnRowsThePopulationHasSeveralOfIsAnyOfThem() {
    Draft d = Drafts.after(Leftovers.class, "share of clients with a junior card");
    assertThat(d.problems).isEmpty();
    Measure.Ratio r = (Measure.Ratio) d.measure;
    assertThat(r.numerator().toString()).contains("Exists").contains("junior");
  }

  @Test
  void aShareOfATotalPerGroupIsDeclinedNotACrash() {
    assertThat(
            Drafts.after(MeasureOrSelection.class, "share of the credit amount by district")
                .problems)
        .isNotEmpty();
  }

  @Test
  void onPagilaToo() {
    for (String q :
        List.of(
            "what percentage of staff took a payment",
            "percentage of films stocked in an inventory")) {
      Draft d = Drafts.pagilaAfter(Leftovers.class, q);
      assertThat(d.problems).as(q).isEmpty();
      Measure.Ratio r = (Measure.Ratio) d.measure;
      assertThat(((Measure.Aggregate) r.numerator()).filters())
          .as(q)
          .singleElement()
          .isInstanceOf(Filter.Exists.class);
    }
  }

  @Test
  void aNegationBetweenLeavesTheShareUnread() {
    Draft d =
        Drafts.after(MeasureOrSelection.class, "percentage of accounts that never took a loan");
    assertThat(
            d.measure instanceof Measure.Ratio r
                && ((Measure.Aggregate) r.numerator())
                    .filters().stream().anyMatch(f -> f instanceof Filter.Exists e && !e.negated()))
        .isFalse();
  }

  @Test
  void aShareOfRowsWithAQuantityIsDescribed() {
    Draft d =
        Drafts.after(
            MeasureOrSelection.class, "what percentage of loans have a duration of 36 months?");
    assertThat(d.notes.toString()).contains("36 months");
  }

  @Test
  void thoseOrAVerbAfterThePercentageWordPointBackToTheRowsNamedBefore() {
    for (String q :
        new String[] {
          "among the male clients, what is the percentage of those who hold a gold card?",
          "among male clients, what percentage have a gold card?"
        }) {
      Draft d = Drafts.after(MeasureOrSelection.class, q);
      Measure.Ratio r = (Measure.Ratio) d.measure;
      assertThat(r.denominator().toString()).as(q).contains("client.client_id");
      assertThat(r.numerator().toString()).as(q).contains("Exists").contains("gold");
      assertThat(d.filters.toString()).as(q).contains("client.gender");
    }
  }

  @Test
  void rowsOfAShareBeforeAVerbOfHavingAreTheWhole() {
    Draft d =
        Drafts.after(
            MeasureOrSelection.class, "what percent of bad loans have a duration of 12 months?");
    Measure.Ratio r = (Measure.Ratio) d.measure;
    assertThat(r.numerator().toString()).contains("loan.duration");
    assertThat(d.filters.toString()).contains("loan.status");
    // the share's phrase read whole with a condition after it is declined, not read backwards
    assertThat(
            ReaderFixture.reader()
                .read("what percentage of female clients hold a gold card?", "", List.of()))
        .isInstanceOf(Reading.Abstained.class);
  }

  @Test
  void aFormOfBeAfterThePercentageWordPointsBackToTheFirstRowsNamed() {
    Draft d =
        Drafts.pagilaAfter(
            MeasureOrSelection.class,
            "among the customers of store 1, what percentage are inactive?");
    Measure.Ratio r = (Measure.Ratio) d.measure;
    assertThat(r.denominator().toString()).contains("customer.customer_id");
    assertThat(r.numerator().toString()).contains("customer.active");
  }

  @Test
  void whatTheRowsDoAfterTheirLastVerbIsThePartWhatComesBeforeTheWhole() {
    Draft d =
        Drafts.after(
            MeasureOrSelection.class,
            "what percentage of accounts opened in 1995 belong to the Tabor district?");
    Measure.Ratio r = (Measure.Ratio) d.measure;
    assertThat(r.numerator().toString()).contains("Tabor").doesNotContain("account.date");
    assertThat(d.filters.toString()).contains("account.date");
  }
}
