package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.TimeFilter;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeScopeTest {

  @Test
  void theFreeTimeExpressionScopesTheMeasuresDateColumn() {
    Draft d = Drafts.after(TimeScope.class, "the total loan amount in 1995");
    assertThat(d.timeColumn).isEqualTo(ColumnRef.of("loan.date"));
    assertThat(d.time).isEqualTo(new TimeFilter.Year(1995));
    Draft e = Drafts.after(TimeScope.class, "the credit amount in March 1997");
    assertThat(e.time).isEqualTo(new TimeFilter.Month(1997, 3));
  }

  @Test
  void twoFreeTimeExpressionsAreAProblem() {
    assertThat(Drafts.after(TimeScope.class, "the credit amount in 1995 and in 1997").problems)
        .anyMatch(p -> p.contains("two time scopes"));
  }

  @Test
  void twoPeriodsOfAComparisonAreTheComparisonsNotTheScope() {
    Draft d = Drafts.after(TimeScope.class, "compare the loan amount in 1996 with 1997");
    assertThat(d.time).isNull();
    assertThat(d.problems).isEmpty();
  }

  @Test
  void twoWindowsOnOneDateAreOneWindowOrAContradiction() {
    // "in 1995 or 1996" kept only the days in both years: none
    io.assay.pick.Pick p =
        io.assay.understand.ReaderFixture.understood(
            io.assay.understand.ReaderFixture.reader(),
            "number of accounts opened in 1995 or 1996");
    org.assertj.core.api.Assertions.assertThat(p.time())
        .isEqualTo(
            new io.assay.pick.TimeFilter.Range(
                java.time.LocalDate.of(1995, 1, 1), java.time.LocalDate.of(1996, 12, 31)));
    org.assertj.core.api.Assertions.assertThat(p.filters()).isEmpty();
    org.assertj.core.api.Assertions.assertThat(
            io.assay.understand.ReaderFixture.reader()
                .read("number of accounts opened in 1995 or 1997", "", java.util.List.of()))
        .isNotInstanceOf(io.assay.understand.Reading.Understood.class);
  }

  @Test
  void aWordOfSeveralTablesDatesTheTableTheOtherPhrasesName() {
    // "amount" is a loan's too, but the rows listed are transactions: their date, not a loan's
    Draft d =
        Drafts.after(
            TimeScope.class, "show the transaction ids with an amount under 100 in March 1996");
    assertThat(d.timeColumn).isEqualTo(ColumnRef.of("trans.date"));
  }

  @Test
  void aNumberedRowIsNoTimeWindow() {
    io.assay.pick.Pick p =
        io.assay.understand.ReaderFixture.understood(
            io.assay.understand.ReaderFixture.reader(),
            "transactions of account 10 in January 1997");
    org.assertj.core.api.Assertions.assertThat(p.toString())
        .contains("trans.date")
        .doesNotContain("account.date");
  }

  @Test
  void rowsWithNoDateAreDatedByTheVerbTheyWereReachedThrough() {
    Draft d =
        Drafts.pagilaAfter(
            TimeScope.class, "which customer rented the most films in the summer of 2005?");
    assertThat(d.problems).isEmpty();
    assertThat(d.timeColumn).isEqualTo(ColumnRef.of("rental.rental_date"));
  }

  @Test
  void aSeriesOverAnOpenRangeIsRead() {
    // an open end ("after 1996") has no last year to number the periods by
    Reading r = ReaderFixture.reader().read("the monthly credit amount after 1996", "", List.of());
    assertThat(r).isInstanceOf(Reading.Understood.class);
  }
}
