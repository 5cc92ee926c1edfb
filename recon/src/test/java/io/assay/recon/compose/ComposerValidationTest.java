package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.RankBy;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import io.assay.recon.OfflineRecon;
import io.assay.recon.Recon;
import java.time.LocalDate;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** Picks the composer must refuse, and what it tells the user. */
class ComposerValidationTest {

  private static final Recon RECON = OfflineRecon.get();

  private static AbstractThrowableAssert<?, ? extends Throwable> rejects(Pick pick) {
    return assertThatThrownBy(() -> Composer.compose(pick, RECON))
        .isInstanceOf(PickValidationError.class);
  }

  @Test
  void unknownMetricSuggestsByNameAndSynonym() {
    rejects(Pick.builder().metric("volumen").build())
        .hasMessage("unknown metric 'volumen' — did you mean 'transaction_amount'?");
    assertThatThrownBy(() -> Composer.compose(Pick.builder().metric("loan_amout").build(), RECON))
        .isInstanceOfSatisfying(
            PickValidationError.class,
            e -> assertThat(e.suggestions()).first().isEqualTo("loan_amount"));
  }

  @Test
  void aCountOfRelatedRowsNeedsAnOperatorACountAndAnotherTable() {
    rejects(
            Pick.builder()
                .metric("client_count")
                .filter(new Filter.RelatedCount("account", List.of(), null, 1))
                .build())
        .hasMessageContaining("needs op");
    rejects(
            Pick.builder()
                .metric("client_count")
                .filter(new Filter.RelatedCount("account", List.of(), Comparison.GT, -1))
                .build())
        .hasMessageContaining("a count of 0 or more");
    rejects(
            Pick.builder()
                .metric("client_count")
                .filter(new Filter.RelatedCount("client", List.of(), Comparison.GT, 1))
                .build())
        .hasMessageContaining("must be another one than 'client'");
  }

  @Test
  void unknownMetricWithNothingCloseListsTheMetrics() {
    rejects(Pick.builder().metric("zzzzzzzzzz").build())
        .hasMessageStartingWith("unknown metric 'zzzzzzzzzz'; known metrics: transaction_count,");
  }

  @Test
  void unknownColumnSuggestsThroughSynonyms() {
    rejects(Pick.builder().metric("client_count").filter(Filter.eq("client.sex", "F")).build())
        .hasMessage("unknown column 'client.sex' — did you mean 'client.gender'?");
    rejects(Pick.builder().metric("client_count").groupBy("district.region").build())
        .hasMessage("unknown column 'district.region' — did you mean 'district.a3'?");
  }

  @Test
  void unknownTableSuggestsTablesHoldingTheColumn() {
    rejects(Pick.builder().metric("client_count").filter(Filter.eq("clients.gender", "F")).build())
        .hasMessage("unknown table 'clients' in 'clients.gender' — did you mean 'client.gender'?");
  }

  @Test
  void closedCodeValueIsCheckedWithTheUsersWord() {
    rejects(
            Pick.builder()
                .metric("client_count")
                .filter(Filter.eq("client.gender", "male"))
                .build())
        .hasMessageStartingWith("'male' is not a value of client.gender — did you mean 'M'?")
        .hasMessageContaining("'F' = female");
    rejects(
            Pick.builder()
                .metric("account_count")
                .filter(Filter.eq("account.frequency", "weekly"))
                .build())
        .hasMessageContaining("did you mean 'POPLATEK TYDNE'?");
  }

  @Test
  void openValueListOnlyWarns() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("client_count")
                .filter(Filter.eq("district.a2", "Prague"))
                .build(),
            RECON);
    assertThat(q.warnings())
        .containsExactly(
            "'Prague' does not occur in district.a2, so this filter matches nothing — did you mean 'Hl.m. Praha'?");
  }

  @Test
  void valueTypesMustFitTheColumn() {
    rejects(
            Pick.builder()
                .metric("loan_count")
                .filter(
                    new Filter.Compare(
                        ColumnRef.of("loan.amount"), Comparison.GE, Value.text("250000")))
                .build())
        .hasMessage(
            "loan.amount is a number column (int4): give the value as a JSON number, e.g. 250000, not \"250000\"");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .filter(
                    new Filter.Compare(
                        ColumnRef.of("loan.date"), Comparison.GE, Value.text("last year")))
                .build())
        .hasMessage("'last year' is not a date for loan.date; write YYYY-MM-DD");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .filter(
                    new Filter.Compare(ColumnRef.of("loan.status"), Comparison.EQ, Value.number(1)))
                .build())
        .hasMessageStartingWith("loan.status is a text column");
  }

  @Test
  void anIsoStringIsAcceptedForADateColumn() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("loan_count")
                .filter(
                    new Filter.Compare(
                        ColumnRef.of("loan.date"), Comparison.GE, Value.text("1997-01-01")))
                .build(),
            RECON);
    assertThat(q.bindValues()).containsExactly(LocalDate.of(1997, 1, 1));
  }

  @Test
  void sumOfATextColumnIsRefused() {
    rejects(Pick.builder().measure(Measure.aggregate(Aggregation.SUM, "district.a4")).build())
        .hasMessage(
            "sum needs a number column; district.a4 is text (count or count_distinct work on text)");
  }

  @Test
  void measuresOfDifferentTablesAreRefused() {
    rejects(Pick.builder().metric("loan_amount", "account_count").build())
        .hasMessageStartingWith(
            "the measures aggregate different tables: metric 'loan_amount' (loan), metric 'account_count' (account)");
  }

  @Test
  void shapeErrorsSayWhatToDo() {
    rejects(Pick.builder().build()).hasMessageStartingWith("a Pick needs measures");
    rejects(Pick.builder().selectColumns("district.a2").groupBy("district.a3").build())
        .hasMessageStartingWith("groupBy needs measures");
    rejects(Pick.builder().selectColumns("loan.loan_id").grain(TimeGrain.MONTH).build())
        .hasMessageStartingWith("a time grain buckets measures");
    rejects(Pick.builder().metric("loan_count").limit(0).build())
        .hasMessage("limit must be at least 1, got 0");
    rejects(
            Pick.builder()
                .measure(
                    new Measure.Growth(
                        Measure.metric("loan_amount"),
                        TimeFilter.year(1996),
                        TimeFilter.year(1997),
                        null))
                .grain(TimeGrain.MONTH)
                .build())
        .hasMessageStartingWith("growth compares two periods in one number");
  }

  @Test
  void orderingMustReferToSomethingInThePick() {
    rejects(
            Pick.builder()
                .metric("loan_amount")
                .groupBy("district.a3")
                .orderBy(Order.measure("loan_amout", Direction.DESC))
                .build())
        .hasMessageContaining("orderBy names measure 'loan_amout'")
        .hasMessageContaining("did you mean 'loan_amount'?");
    rejects(
            Pick.builder()
                .metric("loan_amount")
                .groupBy("district.a3")
                .orderBy(Order.column("district.a2", Direction.ASC))
                .build())
        .hasMessageStartingWith("orderBy column district.a2 is not a groupBy column");
  }

  @Test
  void listingsNeedAnExplicitTimeColumn() {
    rejects(Pick.builder().selectColumns("loan.loan_id").time(TimeFilter.year(1997)).build())
        .hasMessageStartingWith(
            "say which date the time filter or grain applies to: set timeColumn")
        .hasMessageContaining("loan.date");
    rejects(
            Pick.builder()
                .selectColumns("loan.loan_id")
                .timeColumn("loan.amount")
                .time(TimeFilter.year(1997))
                .build())
        .hasMessageStartingWith("timeColumn 'loan.amount' is not a date column (int4)");
  }

  @Test
  void rankedFiltersAreChecked() {
    rejects(
            Pick.builder()
                .metric("client_count")
                .filter(
                    new Filter.Ranked(
                        ColumnRef.of("district.district_id"),
                        null,
                        new RankBy.ByColumn(ColumnRef.of("district.a15")),
                        Direction.DESC,
                        0,
                        List.of()))
                .build())
        .hasMessageStartingWith("rank counts from 1");
    rejects(
            Pick.builder()
                .metric("client_count")
                .filter(
                    new Filter.Ranked(
                        ColumnRef.of("district.district_id"),
                        ColumnRef.of("district.a2"),
                        new RankBy.ByColumn(ColumnRef.of("district.a15")),
                        Direction.DESC,
                        1,
                        List.of()))
                .build())
        .hasMessageContaining("compares district.district_id (int4) with district.a2 (text)");
  }

  @Test
  void aMeasuresOwnFilterCannotFanOut() {
    rejects(
            Pick.builder()
                .measure(
                    new Measure.Metric(
                        "loan_count", List.of(Filter.eq("client.gender", "F")), null))
                .build())
        .hasMessageContaining(
            "a measure's own filter on client.gender can only use columns of 'loan'");
  }

  @Test
  void invalidTimeFiltersAreExplained() {
    rejects(Pick.builder().metric("loan_count").time(new TimeFilter.Month(1997, 13)).build())
        .hasMessage("month must be 1–12, got 13");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .time(TimeFilter.range(LocalDate.of(1998, 1, 1), LocalDate.of(1997, 1, 1)))
                .build())
        .hasMessage("the time range starts (1998-01-01) after it ends (1997-01-01)");
  }

  @Test
  void relativeWindowsAnchorOnTheDatasLatestDate() {
    // trans.date ends 1998-12-31: the previous quarter is 1998-07-01 .. 1998-09-30.
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("withdrawal_amount")
                .time(new TimeFilter.Relative(TimeGrain.QUARTER, 1, 1))
                .build(),
            RECON);
    assertThat(q.bindValues())
        .containsExactly("VYDAJ", LocalDate.of(1998, 7, 1), LocalDate.of(1998, 10, 1));
    ComposedQuery last3Months =
        Composer.compose(
            Pick.builder()
                .metric("withdrawal_amount")
                .time(new TimeFilter.Relative(TimeGrain.MONTH, 3, 0))
                .build(),
            RECON);
    assertThat(last3Months.bindValues())
        .containsExactly("VYDAJ", LocalDate.of(1998, 10, 1), LocalDate.of(1999, 1, 1));
  }

  @Test
  void duplicateOutputNamesNeedAnAlias() {
    rejects(Pick.builder().metric("loan_count", "loan_count").build())
        .hasMessage("two output columns are named 'loan_count' (in measures); give one an alias");
  }

  @Test
  void groupingAcrossAOneToManyJoinWarnsAboutRepeatedRows() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder().metric("loan_count").groupBy("client.gender").build(), RECON);
    assertThat(q.warnings())
        .containsExactly(
            "each loan row is repeated for every related disp row (account → disp is one-to-many), so sums"
                + " and counts per group may count a loan row more than once; narrow disp with a filter"
                + " (e.g. disp.type = OWNER) if that is not meant");
    // A filter on the fanned-out side alone becomes a semi-join and needs no warning.
    ComposedQuery semi =
        Composer.compose(
            Pick.builder().metric("loan_count").filter(Filter.eq("client.gender", "F")).build(),
            RECON);
    assertThat(semi.warnings()).isEmpty();
    assertThat(semi.sql()).contains("exists (select 1");
  }

  @Test
  void limitWithoutOrderWarns() {
    ComposedQuery q =
        Composer.compose(Pick.builder().selectColumns("loan.loan_id").limit(5).build(), RECON);
    assertThat(q.warnings()).containsExactly("limit without orderBy returns arbitrary rows");
  }
}
