package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import io.assay.recon.OfflineRecon;
import io.assay.recon.Recon;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** The having, exists and over_groups constructs: what the composer refuses and how it says so. */
class NewShapesValidationTest {

  private static final Recon RECON = OfflineRecon.get();

  private static AbstractThrowableAssert<?, ? extends Throwable> rejects(Pick pick) {
    return assertThatThrownBy(() -> Composer.compose(pick, RECON))
        .isInstanceOf(PickValidationError.class);
  }

  private static Measure perClient(Aggregation fn, String alias) {
    return new Measure.OverGroups(
        fn, Measure.metric("loan_count"), List.of(ColumnRef.of("client.client_id")), alias);
  }

  @Test
  void havingNamesAnUnknownMeasureWithASuggestion() {
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3")
                .having(Having.on("loan_cuont", Comparison.GT, Value.number(5)))
                .build())
        .hasMessageContaining("having names measure 'loan_cuont'")
        .hasMessageContaining("did you mean 'loan_count'?");
  }

  @Test
  void havingNeedsGroupsANumberAndOneMeasure() {
    rejects(
            Pick.builder()
                .metric("loan_count")
                .having(Having.on("loan_count", Comparison.GT, Value.number(5)))
                .build())
        .hasMessageContaining("no groupBy or grain");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3")
                .having(Having.on("loan_count", Comparison.GT, Value.text("five")))
                .build())
        .hasMessageContaining("give value as a number");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3")
                .having(
                    new Having(
                        "loan_count",
                        Measure.metric("loan_amount"),
                        Comparison.GT,
                        Value.number(1)))
                .build())
        .hasMessageContaining("exactly one of the two");
  }

  @Test
  void havingComposesWithABindForTheValue() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3")
                .having(Having.on("loan_count", Comparison.GE, Value.number(40)))
                .build(),
            RECON);
    assertThat(q.sql()).contains("having count(\"loan\".\"loan_id\") >= ? order by");
    assertThat(q.sql()).doesNotContain("40");
    assertThat(q.bindValues()).contains(new java.math.BigDecimal(40));
  }

  @Test
  void existsNamesAnUnknownTableWithASuggestion() {
    rejects(Pick.builder().metric("account_count").filter(Filter.none("laon")).build())
        .hasMessageContaining("unknown table 'laon'")
        .hasMessageContaining("did you mean 'loan'?");
  }

  @Test
  void existsOnTheFilteredTableItselfIsRefused() {
    rejects(Pick.builder().metric("account_count").filter(Filter.none("account")).build())
        .hasMessageContaining("its table must be another one than 'account'");
  }

  @Test
  void existsInsideAMeasureFiltersTheAggregate() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .measure(new Measure.Metric("account_count", List.of(Filter.none("loan")), null))
                .build(),
            RECON);
    assertThat(q.sql()).contains("filter (where not exists (select 1");
  }

  @Test
  void aListingsHavingGivesItsMeasure() {
    rejects(
            Pick.builder()
                .selectColumns("district.a2")
                .having(Having.on("loan_count", Comparison.GT, Value.number(5)))
                .build())
        .hasMessageContaining("give the measure to test in of");
    rejects(
            Pick.builder()
                .selectColumns("district.a2")
                .having(
                    new Having(null, Measure.metric("loan_count"), Comparison.GT, Value.number(5)))
                .orderBy(io.assay.pick.Order.column("district.a3", io.assay.pick.Direction.ASC))
                .build())
        .hasMessageContaining("order by a selected column");
  }

  @Test
  void existsComposesAsACorrelatedSubqueryWithBinds() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("client_count")
                .filter(Filter.none("card", Filter.eq("card.type", "gold")))
                .build(),
            RECON);
    assertThat(q.sql())
        .contains("where not exists (select 1 as \"one\" from")
        .doesNotContain("'gold'");
    assertThat(q.bindValues()).containsExactly("gold");
  }

  @Test
  void overGroupsCannotMixWithPlainMeasuresOrOtherGroupings() {
    rejects(Pick.builder().measure(perClient(Aggregation.AVG, "a")).metric("loan_count").build())
        .hasMessageContaining("every measure of its Pick must be an over_groups");
    rejects(
            Pick.builder()
                .measure(
                    perClient(Aggregation.AVG, "a"),
                    new Measure.OverGroups(
                        Aggregation.MAX,
                        Measure.metric("loan_count"),
                        List.of(ColumnRef.of("district.district_id")),
                        "b"))
                .build())
        .hasMessageContaining("group by the same per columns");
    rejects(
            Pick.builder()
                .measure(
                    new Measure.OverGroups(
                        Aggregation.AVG, Measure.metric("loan_count"), List.of(), null))
                .build())
        .hasMessageContaining("needs per");
    rejects(
            Pick.builder()
                .measure(
                    new Measure.Ratio(
                        perClient(Aggregation.AVG, null), Measure.metric("loan_count"), false, "r"))
                .build())
        .hasMessageContaining("never a part of a ratio");
  }

  @Test
  void overGroupsWithAGrainKeepsThePeriodAndNamesItsOutput() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder().measure(perClient(Aggregation.AVG, null)).grain(TimeGrain.YEAR).build(),
            RECON);
    assertThat(q.columns())
        .extracting(OutputColumn::name)
        .containsExactly("period", "avg_loan_count_per_client");
    assertThat(q.sql()).contains("from (select").contains("group by \"g\".\"period\"");
  }

  @Test
  void limitPerNeedsAnOrderAndGroupsWithinTheGroupBy() {
    io.assay.pick.TopPer perRegion =
        new io.assay.pick.TopPer(1, List.of(ColumnRef.of("district.a3")), false);
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3", "district.a2")
                .limitPer(perRegion)
                .build())
        .hasMessageContaining("give one");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a2")
                .orderBy(io.assay.pick.Order.measure("loan_count", io.assay.pick.Direction.DESC))
                .limitPer(perRegion)
                .build())
        .hasMessageContaining("not a groupBy column");
    rejects(
            Pick.builder()
                .metric("loan_count")
                .groupBy("district.a3")
                .orderBy(io.assay.pick.Order.measure("loan_count", io.assay.pick.Direction.DESC))
                .limitPer(perRegion)
                .build())
        .hasMessageContaining("each group has one row");
  }

  @Test
  void periodLabelNeedsAGrain() {
    rejects(Pick.builder().metric("loan_count").periodAs(io.assay.pick.PeriodLabel.NUMBER).build())
        .hasMessageContaining("this Pick has no grain");
  }

  @Test
  void everyGrainComposes() {
    for (TimeGrain g : TimeGrain.values()) {
      ComposedQuery q =
          Composer.compose(Pick.builder().metric("loan_count").grain(g).build(), RECON);
      assertThat(q.sql()).contains("date_trunc('" + g.name().toLowerCase() + "'");
    }
  }
}
