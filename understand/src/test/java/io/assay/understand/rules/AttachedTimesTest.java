package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.TimeFilter;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttachedTimesTest {

  @Test
  void aDateAfterADateColumnFiltersThatColumn() {
    Draft d = Drafts.after(AttachedTimes.class, "clients born before 1960");
    assertThat(d.filters).hasSize(1);
    assertThat(d.attachedTo.get(d.filters.get(0))).isEqualTo(ColumnRef.of("client.birth_date"));
  }

  @Test
  void aPlaceBetweenADateColumnAndItsDateIsPassedOver() {
    Draft d =
        Drafts.after(
            Leftovers.class,
            "how many clients opened their accounts in the Tabor district in 1996");
    assertThat(d.problems).isEmpty();
    assertThat(d.attachedTo.values()).containsExactly(ColumnRef.of("account.date"));
    // a place that is no stored value is no place passed over
    assertThat(
            Drafts.after(
                    AttachedTimes.class,
                    "how many clients opened their accounts in a branch in 1996")
                .attachedTo)
        .isEmpty();
  }

  @Test
  void aDateAfterATableFiltersTheDateItsMetricsUse() {
    Draft d = Drafts.after(AttachedTimes.class, "list the loans in 1994");
    assertThat(d.filters).hasSize(1);
    assertThat(d.attachedTo.get(d.filters.get(0))).isEqualTo(ColumnRef.of("loan.date"));
  }

  @Test
  void aCountingPhraseBeforeADateStaysTheMeasureAndTheDateItsScope() {
    for (String[] q :
        List.of(
            new String[] {"how many loans were granted in 1995?", "loan_count"},
            new String[] {"number of accounts opened in 1996", "account_count"})) {
      Reading.Understood u = (Reading.Understood) ReaderFixture.reader().read(q[0], "", List.of());
      assertThat(u.pick().measures()).as(q[0]).containsExactly(Measure.metric(q[1]));
      assertThat(u.pick().time()).as(q[0]).isInstanceOf(TimeFilter.Year.class);
      assertThat(u.pick().filters()).as(q[0]).isEmpty();
    }
    Draft p = Drafts.pagilaAfter(TimeScope.class, "how many rentals were made in 2022?");
    assertThat(p.measure).isEqualTo(Measure.metric("rental_count"));
    assertThat(p.time).isEqualTo(new TimeFilter.Year(2022));
  }

  @Test
  void anAmountNamedByItsTableStaysTheMeasureBeforeADate() {
    Draft p =
        Drafts.pagilaAfter(Leftovers.class, "revenue by day during the 3rd week of April 2022");
    assertThat(p.problems).isEmpty();
    assertThat(p.measure).isEqualTo(Measure.metric("revenue"));
    assertThat(p.time)
        .isEqualTo(
            new TimeFilter.Range(
                java.time.LocalDate.of(2022, 4, 15), java.time.LocalDate.of(2022, 4, 21)));
    Draft q = Drafts.pagilaAfter(Leftovers.class, "what were sales in the second half of 2022?");
    assertThat(q.problems).isEmpty();
    assertThat(q.measure).isEqualTo(Measure.metric("revenue"));
  }

  @Test
  void anotherTablesDateWordSaidOfRowsWithTheirOwnDateDatesThem() {
    Draft d = Drafts.after(AttachedTimes.class, "how many cards were opened in 1995");
    assertThat(d.attachedTo.values()).containsExactly(ColumnRef.of("card.issued"));
    // the rows the date word belongs to keep it, named before or right before it
    assertThat(
            Drafts.after(
                    AttachedTimes.class,
                    "how many clients who hold a junior card were born in 1985")
                .attachedTo
                .values())
        .containsExactly(ColumnRef.of("client.birth_date"));
    assertThat(
            Drafts.after(AttachedTimes.class, "transactions of accounts opened in 1995")
                .attachedTo
                .values())
        .containsExactly(ColumnRef.of("account.date"));
  }
}
