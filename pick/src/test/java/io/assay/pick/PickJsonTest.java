package io.assay.pick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class PickJsonTest {

  /** A Pick using every variant of every sealed type. */
  static Pick everything() {
    return new Pick(
        List.of(
            new Measure.Metric("loan_amount", List.of(Filter.eq("loan.status", "A")), "paid"),
            new Measure.Aggregate(
                Aggregation.COUNT_DISTINCT, ColumnRef.of("loan.account_id"), List.of(), null),
            new Measure.Ratio(
                Measure.metric("loan_amount"), Measure.metric("loan_count"), true, "r"),
            new Measure.Difference(
                Measure.metric("loan_amount"), Measure.metric("loan_count"), "d"),
            new Measure.ShareOfTotal(Measure.metric("loan_amount"), "s"),
            new Measure.Growth(
                Measure.metric("loan_amount"),
                new TimeFilter.Quarter(1996, 4),
                new TimeFilter.Month(1997, 12),
                "g"),
            new Measure.OverGroups(
                Aggregation.AVG,
                Measure.metric("loan_count"),
                List.of(ColumnRef.of("client.client_id")),
                "per_client")),
        List.of(
            Projection.column("loan.loan_id"),
            new Projection.Difference(
                ColumnRef.of("district.a13"), ColumnRef.of("district.a12"), null),
            new Projection.Ratio(
                ColumnRef.of("district.a15"), ColumnRef.of("district.a16"), false, "x"),
            new Projection.Growth(ColumnRef.of("district.a12"), ColumnRef.of("district.a13"), null),
            new Projection.YearsSince(
                ColumnRef.of("client.birth_date"), LocalDate.of(1999, 1, 1), "age")),
        List.of(ColumnRef.of("district.a3")),
        List.of(
            new Filter.Compare(ColumnRef.of("loan.amount"), Comparison.GE, Value.number(250000)),
            new Filter.Compare(
                ColumnRef.of("district.a10"), Comparison.LT, Value.number(new BigDecimal("55.5"))),
            new Filter.Between(
                ColumnRef.of("loan.date"), Value.date("1995-01-01"), Value.date("1997-12-31")),
            new Filter.In(
                ColumnRef.of("loan.status"), List.of(Value.text("B"), Value.text("D")), true),
            new Filter.Prefix(ColumnRef.of("district.a2"), "Praha"),
            new Filter.IsNull(ColumnRef.of("trans.bank"), true),
            new Filter.Ranked(
                ColumnRef.of("district.district_id"),
                null,
                new RankBy.ByColumn(ColumnRef.of("district.a15")),
                Direction.DESC,
                2,
                List.of()),
            new Filter.Ranked(
                ColumnRef.of("district.district_id"),
                ColumnRef.of("account.district_id"),
                new RankBy.ByMeasure(Measure.metric("loan_count")),
                Direction.ASC,
                1,
                List.of(
                    new Filter.Compare(
                        ColumnRef.of("client.gender"), Comparison.NE, new Value.Bool(false)))),
            new Filter.VsAggregate(
                ColumnRef.of("trans.amount"), Comparison.LT, Aggregation.AVG, null, List.of()),
            new Filter.Exists("card", List.of(Filter.eq("card.type", "gold")), true),
            new Filter.Contains(
                ColumnRef.of("film.special_features"), Value.text("Trailers"), true),
            new Filter.Compare(
                ColumnRef.of("loan.duration"), Comparison.GT, Value.quantity(2, Unit.YEARS))),
        List.of(
            Having.on("paid", Comparison.GT, Value.number(100)),
            new Having(null, Measure.metric("loan_count"), Comparison.LE, Value.number(3))),
        ColumnRef.of("loan.date"),
        new TimeFilter.Relative(TimeGrain.QUARTER, 2, 1),
        TimeGrain.WEEK,
        PeriodLabel.NUMBER,
        List.of(
            Order.column("district.a3", Direction.ASC),
            Order.measure("paid", Direction.DESC),
            Order.measureOf(Measure.metric("loan_count"), Direction.ASC),
            new Order.ByPeriod(Direction.ASC)),
        10,
        5,
        new TopPer(3, List.of(ColumnRef.of("district.a3")), true),
        true);
  }

  @Test
  void everyVariantRoundTripsThroughJson() {
    Pick pick = everything();
    String json = PickJson.write(pick);
    assertThat(PickJson.read(json)).isEqualTo(pick);
    assertThat(json)
        .contains("\"kind\":\"share_of_total\"")
        .contains("\"column\":\"loan.amount\"")
        .contains("{\"date\":\"1995-01-01\"}")
        .contains("\"op\":\"ge\"")
        .contains("\"grain\":\"week\"")
        .contains("\"kind\":\"exists\"")
        .contains("\"periodAs\":\"number\"")
        .contains("\"kind\":\"over_groups\"")
        .contains("\"having\":[{\"measure\":\"paid\",\"op\":\"gt\",\"value\":100}");
  }

  @Test
  void newConstructsReadFromTheirDocumentedJson() {
    Pick pick =
        PickJson.read(
            """
            {"measures":[{"kind":"over_groups","fn":"avg","of":{"kind":"metric","metric":"loan_count"},
              "per":["client.client_id"]}],
             "filters":[{"kind":"exists","table":"loan","negated":true}],
             "having":[{"measure":"loan_count","op":"ge","value":2}]}
            """);
    assertThat(pick.measures().get(0)).isInstanceOf(Measure.OverGroups.class);
    assertThat(pick.filters().get(0)).isEqualTo(Filter.none("loan"));
    assertThat(pick.having())
        .containsExactly(Having.on("loan_count", Comparison.GE, Value.number(2)));
  }

  @Test
  void quantitiesArrayContainsAndWeeksReadFromTheirDocumentedJson() {
    Pick pick =
        PickJson.read(
            """
            {"measures":[{"kind":"metric","metric":"film_count"}],
             "filters":[{"kind":"compare","column":"film.length","op":"gt",
                         "value":{"amount":2,"unit":"hour"}},
                        {"kind":"contains","column":"film.special_features","value":"Trailers"}],
             "time":{"kind":"week","from":"2022-06-13"}}
            """);
    assertThat(pick.filters())
        .containsExactly(
            new Filter.Compare(
                ColumnRef.of("film.length"), Comparison.GT, Value.quantity(2, Unit.HOURS)),
            new Filter.Contains(
                ColumnRef.of("film.special_features"), Value.text("Trailers"), false));
    assertThat(pick.time()).isEqualTo(new TimeFilter.Week(LocalDate.of(2022, 6, 13)));
    String json = PickJson.write(pick);
    assertThat(json).contains("{\"amount\":2,\"unit\":\"hours\"}").contains("\"kind\":\"week\"");
    assertThat(PickJson.read(json)).isEqualTo(pick);
  }

  @Test
  void anUnknownUnitIsNamedWithTheUnitsKnown() {
    assertThatThrownBy(
            () ->
                PickJson.read(
                    """
                    {"filters":[{"kind":"compare","column":"film.length","op":"gt",
                                 "value":{"amount":2,"unit":"fortnights"}}]}
                    """))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("unknown unit 'fortnights'")
        .hasMessageContaining("minutes");
  }

  @Test
  void unitsConvertWithinTheirDimensionOnly() {
    assertThat(Unit.HOURS.convert(new BigDecimal("1.5"), Unit.MINUTES)).isEqualByComparingTo("90");
    assertThat(Unit.YEARS.convert(BigDecimal.valueOf(3), Unit.MONTHS)).isEqualByComparingTo("36");
    assertThat(Unit.DAYS.convert(BigDecimal.ONE, Unit.WEEKS).doubleValue())
        .isCloseTo(1 / 7.0, org.assertj.core.api.Assertions.within(1e-6));
    assertThatThrownBy(() -> Unit.MONTHS.convert(BigDecimal.ONE, Unit.DAYS))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("cannot be converted");
  }

  @Test
  void rangeTimeFiltersRoundTrip() {
    Pick pick =
        Pick.builder()
            .metric("loan_count")
            .time(TimeFilter.range(LocalDate.of(1995, 1, 1), null))
            .build();
    assertThat(PickJson.read(PickJson.write(pick))).isEqualTo(pick);
  }

  @Test
  void absentListsAreEmptyAndBooleansFalse() {
    Pick pick = PickJson.read("{\"measures\":[{\"kind\":\"metric\",\"metric\":\"loan_count\"}]}");
    assertThat(pick.filters()).isEmpty();
    assertThat(pick.select()).isEmpty();
    assertThat(pick.distinct()).isFalse();
    assertThat(((Measure.Metric) pick.measures().get(0)).filters()).isEmpty();
  }

  @Test
  void unknownFieldIsNamedWithItsPath() {
    assertThatThrownBy(
            () -> PickJson.read("{\"measures\":[{\"kind\":\"metric\",\"metrik\":\"loan_count\"}]}"))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("measures[0]")
        .hasMessageContaining("unknown field 'metrik'");
  }

  @Test
  void unknownKindIsNamed() {
    assertThatThrownBy(
            () -> PickJson.read("{\"filters\":[{\"kind\":\"like\",\"column\":\"a.b\"}]}"))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("filters[0]")
        .hasMessageContaining("unknown kind 'like'");
  }

  @Test
  void badColumnReferenceExplainsTheForm() {
    assertThatThrownBy(() -> PickJson.read("{\"groupBy\":[\"amount\"]}"))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("groupBy[0]")
        .hasMessageContaining("write table.column");
  }

  @Test
  void badDateValueIsExplained() {
    assertThatThrownBy(
            () ->
                PickJson.read(
                    "{\"filters\":[{\"kind\":\"compare\",\"column\":\"loan.date\",\"op\":\"eq\","
                        + "\"value\":{\"date\":\"1997-13-01\"}}]}"))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("filters[0].value");
  }

  @Test
  void existsTablesAreCaseInsensitive() {
    assertThat(new Filter.Exists(" Loan ", null, true)).isEqualTo(Filter.none("loan"));
  }

  @Test
  void columnRefsAreCaseInsensitive() {
    assertThat(ColumnRef.of("District.A11")).isEqualTo(ColumnRef.of("district.a11"));
  }
}
