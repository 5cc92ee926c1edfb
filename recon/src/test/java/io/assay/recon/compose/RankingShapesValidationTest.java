package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.PickValidationError;
import io.assay.pick.TimeGrain;
import io.assay.pick.TopPer;
import io.assay.pick.Value;
import io.assay.recon.OfflineRecon;
import io.assay.recon.Recon;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/**
 * Sorting by a measure that is not output and ranking within a listing's groups: what the composer
 * emits (binds, hidden columns) and what it refuses, and how it says so.
 */
class RankingShapesValidationTest {

  private static final Recon RECON = OfflineRecon.get();

  private static AbstractThrowableAssert<?, ? extends Throwable> rejects(Pick pick) {
    return assertThatThrownBy(() -> Composer.compose(pick, RECON))
        .isInstanceOf(PickValidationError.class);
  }

  private static Order mostLoans() {
    return Order.measureOf(Measure.metric("loan_count"), Direction.DESC);
  }

  @Test
  void aListingSortedByAMeasureShowsOnlyItsColumnsAndBindsTheLimit() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder().selectColumns("district.a3").orderBy(mostLoans()).limit(2).build(),
            RECON);
    assertThat(q.columns()).extracting(OutputColumn::name).containsExactly("a3");
    assertThat(q.sql()).contains("group by \"district\".\"a3\"").contains("order by count(");
    assertThat(q.binds()).extracting(BindValue::value).containsExactly(2);
  }

  @Test
  void anAggregateSortedByAnotherMeasureOutputsOnlyItsOwn() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("loan_amount")
                .groupBy("district.a3")
                .orderBy(mostLoans())
                .limit(3)
                .build(),
            RECON);
    assertThat(q.columns()).extracting(OutputColumn::name).containsExactly("a3", "loan_amount");
  }

  @Test
  void aMeasureSortedByInARankingIsSelectedUnderAFreeName() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .measure(new Measure.Metric("loan_amount", List.of(), "sort_key_1"))
                .groupBy("district.a3", "district.a2")
                .orderBy(mostLoans())
                .limitPer(new TopPer(1, List.of(ColumnRef.of("district.a3")), false))
                .build(),
            RECON);
    assertThat(q.columns())
        .extracting(OutputColumn::name)
        .containsExactly("a3", "a2", "sort_key_1");
    assertThat(q.sql()).contains("\"sort_key_2\"");
  }

  @Test
  void anOrderEntryNamesExactlyOneMeasure() {
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3")
                .orderBy(new Order.ByMeasure("loan_count", Measure.metric("loan_amount"), null))
                .build())
        .hasMessageContaining("exactly one of the two");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3")
                .orderBy(new Order.ByMeasure(null, null, Direction.ASC))
                .build())
        .hasMessageContaining("exactly one of the two");
  }

  @Test
  void aListingCannotNameAMeasureByAlias() {
    rejects(
            Pick.builder()
                .selectColumns("district.a3")
                .orderBy(Order.measure("loan_count", Direction.DESC))
                .build())
        .hasMessageContaining("gives the measure to sort by in of");
  }

  @Test
  void aSortMeasureOfAnotherTableIsRefusedWithBothTables() {
    rejects(
            Pick.builder()
                .metric("loan_amount")
                .groupBy("district.a3")
                .orderBy(Order.measureOf(Measure.metric("client_count"), Direction.DESC))
                .build())
        .hasMessageContaining("aggregate different tables")
        .hasMessageContaining("client_count");
  }

  @Test
  void anUnknownSortMetricGetsASuggestion() {
    rejects(
            Pick.builder()
                .selectColumns("district.a3")
                .orderBy(Order.measureOf(Measure.metric("loan_cuont"), Direction.DESC))
                .build())
        .hasMessageContaining("unknown metric 'loan_cuont'")
        .hasMessageContaining("loan_count");
  }

  @Test
  void aShareOrOverGroupsCannotBeSortedByUnlessOutput() {
    rejects(
            Pick.builder()
                .selectColumns("district.a3")
                .orderBy(
                    Order.measureOf(
                        new Measure.ShareOfTotal(Measure.metric("loan_count"), null),
                        Direction.DESC))
                .build())
        .hasMessageContaining("share of the total");
    Measure perAccount =
        new Measure.OverGroups(
            Aggregation.AVG,
            Measure.metric("loan_count"),
            List.of(ColumnRef.of("account.account_id")),
            null);
    rejects(
            Pick.builder()
                .measure(perAccount)
                .groupBy("district.a3")
                .orderBy(Order.measureOf(Measure.metric("loan_amount"), Direction.DESC))
                .build())
        .hasMessageContaining("in a Pick of over_groups measures orderBy names one of them");
  }

  @Test
  void aListingRankingNeedsGroupsAnOrderAndNoPeriod() {
    TopPer perRegion = new TopPer(2, List.of(ColumnRef.of("district.a3")), false);
    rejects(Pick.builder().selectColumns("loan.loan_id").limitPer(perRegion).build())
        .hasMessageContaining("give one");
    rejects(
            Pick.builder()
                .selectColumns("loan.loan_id")
                .orderBy(Order.column("loan.amount", Direction.DESC))
                .limitPer(new TopPer(2, List.of(), false))
                .build())
        .hasMessageContaining("limitPer on a listing needs per");
    rejects(
            Pick.builder()
                .selectColumns("loan.loan_id")
                .orderBy(Order.column("loan.amount", Direction.DESC))
                .limitPer(new TopPer(2, List.of(), true))
                .build())
        .hasMessageContaining("perPeriod needs a time grain");
    rejects(
            Pick.builder()
                .selectColumns("loan.loan_id")
                .orderBy(Order.column("loan.amount", Direction.DESC))
                .limitPer(new TopPer(0, List.of(ColumnRef.of("district.a3")), false))
                .build())
        .hasMessageContaining("at least 1");
    rejects(
            Pick.builder()
                .selectColumns("loan.loan_id")
                .orderBy(Order.column("loan.amount", Direction.DESC))
                .limitPer(new TopPer(2, List.of(ColumnRef.of("district.a33")), false))
                .build())
        .hasMessageContaining("unknown column 'district.a33'")
        .hasMessageContaining("district.a3");
  }

  @Test
  void aGroupedListingRanksWithinItsSelectedColumns() {
    rejects(
            Pick.builder()
                .selectColumns("district.a2")
                .orderBy(mostLoans())
                .limitPer(new TopPer(1, List.of(ColumnRef.of("district.a3")), false))
                .build())
        .hasMessageContaining("which is not selected");
    rejects(
            Pick.builder()
                .selectColumns("district.a3")
                .having(
                    new Having(null, Measure.metric("loan_count"), Comparison.GT, Value.number(1)))
                .orderBy(Order.column("district.a3", Direction.ASC))
                .limitPer(new TopPer(1, List.of(ColumnRef.of("district.a3")), false))
                .build())
        .hasMessageContaining("each group has one row");
  }

  @Test
  void aListingRankingNumbersRowsInTheirOwnSelect() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .selectColumns("loan.loan_id", "loan.amount")
                .orderBy(Order.column("loan.amount", Direction.DESC))
                .limitPer(new TopPer(2, List.of(ColumnRef.of("district.a3")), false))
                .limit(10)
                .build(),
            RECON);
    assertThat(q.columns()).extracting(OutputColumn::name).containsExactly("loan_id", "amount");
    assertThat(q.sql())
        .contains("row_number() over (partition by \"district\".\"a3\"")
        .contains("\"rank_group_1\"");
    assertThat(q.binds()).extracting(BindValue::value).containsExactly(2, 10);
  }

  @Test
  void aGrainIsStillRankedPerPeriodInAggregates() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("loan_amount")
                .groupBy("district.a3")
                .grain(TimeGrain.YEAR)
                .orderBy(mostLoans())
                .limitPer(new TopPer(1, List.of(), true))
                .build(),
            RECON);
    assertThat(q.columns())
        .extracting(OutputColumn::name)
        .containsExactly("period", "a3", "loan_amount");
  }

  @Test
  void perEntityValuesAreOfTheRowsTheMeasureCounts() {
    List<ColumnRef> perAccount = List.of(ColumnRef.of("account.account_id"));
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .measure(
                    new Measure.OverGroups(
                        Aggregation.AVG,
                        Measure.metric("card_withdrawal_amount"),
                        perAccount,
                        null))
                .build(),
            RECON);
    // The metric's filter selects the grouped rows, so accounts without card payments drop out.
    assertThat(q.inlinedSql()).contains("where \"trans\".\"operation\" = 'VYBER KARTOU'");
    rejects(
            Pick.builder()
                .measure(
                    new Measure.OverGroups(
                        Aggregation.AVG, Measure.metric("card_withdrawal_amount"), perAccount, "a"),
                    new Measure.OverGroups(
                        Aggregation.AVG, Measure.metric("cash_withdrawal_amount"), perAccount, "b"))
                .build())
        .hasMessageContaining("count different rows");
  }

  @Test
  void sortByAMeasureRoundTripsAndTheOldFormStillReads() {
    Pick pick =
        Pick.builder()
            .selectColumns("district.a3")
            .orderBy(mostLoans(), Order.measure("x", Direction.ASC))
            .build();
    String json = PickJson.write(pick);
    assertThat(json).contains("\"of\":{\"kind\":\"metric\",\"metric\":\"loan_count\"");
    assertThat(PickJson.read(json)).isEqualTo(pick);
    Pick old =
        PickJson.read(
            "{\"measures\":[{\"kind\":\"metric\",\"metric\":\"loan_count\"}],"
                + "\"orderBy\":[{\"kind\":\"measure\",\"measure\":\"loan_count\","
                + "\"direction\":\"desc\"}]}");
    assertThat(old.orderBy()).containsExactly(new Order.ByMeasure("loan_count", Direction.DESC));
  }
}
