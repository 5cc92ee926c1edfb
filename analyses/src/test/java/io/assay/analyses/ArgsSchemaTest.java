package io.assay.analyses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsSchemaTest {
  static final ArgCatalog CATALOG =
      ArgCatalog.of(
          Set.of("cash_withdrawal_amount", "credit_amount"),
          Set.of("district.a2", "district.a3", "trans.operation", "trans.date"));
  static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "metric"),
          ArgSpec.optional("dimensions", ArgType.COLUMN_LIST, "dims", null),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "grain", "month"),
          ArgSpec.optional("time", ArgType.TIME_FILTER, "time", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "filters", null),
          ArgSpec.optional("top", ArgType.INTEGER, "top", 10),
          ArgSpec.optional("share", ArgType.NUMBER, "share", 0.5),
          ArgSpec.optional("flag", ArgType.BOOLEAN, "flag", false));

  /** A record a schema carries its args in. */
  record TypedArgs(String metric, TimeFilter time, List<Filter> filters) implements StepArgs {}

  static final ArgsSchema TYPED =
      ArgsSchema.typed(
          TypedArgs.class,
          ArgSpec.required("metric", ArgType.METRIC, "metric"),
          ArgSpec.optional("time", ArgType.TIME_FILTER, "time", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "filters", null));

  @Test
  void jsonArgsAreTypedIntoTheRecordAndArgsThatDoNotFitStayAsGiven() {
    Map<String, Object> json =
        Map.of("metric", "credit_amount", "time", Map.of("kind", "year", "year", 1997));
    StepArgs typed = TYPED.typed(StepArgs.of(json));
    assertThat(typed).isEqualTo(new TypedArgs("credit_amount", new TimeFilter.Year(1997), null));
    assertThat(typed.json()).isEqualTo(json);

    StepArgs misspelt = StepArgs.of(Map.of("metric", "credit_amount", "tiem", "1997"));
    assertThat(TYPED.typed(misspelt)).isSameAs(misspelt);
    assertThat(TYPED.validate(misspelt, CATALOG))
        .singleElement()
        .asString()
        .startsWith("unknown arg 'tiem'");
  }

  @Test
  void aRecordsValuesAreBoundAsTheyAre() {
    TimeFilter time = new TimeFilter.Year(1997);
    List<Filter> filters =
        List.of(
            new Filter.Compare(
                ColumnRef.parse("district.a3"), Comparison.EQ, Value.text("Prague")));
    Args args = TYPED.bind("t", new TypedArgs("credit_amount", time, filters), CATALOG);
    assertThat(args.timeFilter("time")).isSameAs(time);
    assertThat(args.filters("filters")).containsExactlyElementsOf(filters);
    assertThat(args.string("metric")).isEqualTo("credit_amount");
  }

  @Test
  void validArgsBindWithDefaultsAndTypedAccessors() {
    Args args =
        SCHEMA.bind(
            "t",
            Map.of(
                "metric", "cash_withdrawal_amount",
                "dimensions", List.of("district.a2", "trans.operation"),
                "time", Map.of("kind", "month", "year", 1997, "month", 6),
                "filters",
                    List.of(
                        Map.of(
                            "kind",
                            "compare",
                            "column",
                            "district.a3",
                            "op",
                            "eq",
                            "value",
                            "Prague"))),
            CATALOG);
    assertThat(args.grain("grain")).isEqualTo(TimeGrain.MONTH);
    assertThat(args.integer("top")).isEqualTo(10);
    assertThat(args.timeFilter("time")).isEqualTo(new TimeFilter.Month(1997, 6));
    assertThat(args.filters("filters")).singleElement().isInstanceOf(Filter.Compare.class);
    assertThat(args.strings("dimensions")).containsExactly("district.a2", "trans.operation");
  }

  @Test
  void everyProblemIsListedInWordsAPlannerCanActOn() {
    List<String> problems =
        SCHEMA.validate(
            Map.of(
                "metric", "cash_withdrawl_amount",
                "dimensions", List.of("district.a2", "district.a99", "district.a2"),
                "grain", "fortnight",
                "time", Map.of("kind", "year"),
                "filters", List.of(Map.of("kind", "like", "column", "district.a2")),
                "top", 2.5,
                "share", "half",
                "flag", "yes",
                "colour", "red"),
            CATALOG);
    assertThat(problems)
        .anyMatch(p -> p.startsWith("unknown arg 'colour'"))
        .anyMatch(
            p ->
                p.contains(
                    "unknown metric 'cash_withdrawl_amount' — did you mean 'cash_withdrawal_amount'"))
        .anyMatch(p -> p.contains("unknown column 'district.a99'"))
        .anyMatch(p -> p.contains("'district.a2' is listed twice"))
        .anyMatch(p -> p.contains("arg 'grain': expected one of day, week, month, quarter, year"))
        .anyMatch(p -> p.startsWith("arg 'time': year 0 is not a calendar year"))
        .anyMatch(p -> p.startsWith("arg 'filters': not a valid filter list"))
        .anyMatch(p -> p.contains("arg 'top': expected a whole number"))
        .anyMatch(p -> p.contains("arg 'share': expected a number"))
        .anyMatch(p -> p.contains("arg 'flag': expected true or false"));
    assertThat(problems).hasSize(9);
  }

  @Test
  void aMissingRequiredArgIsNamedAndBindThrowsNonRetryableInvalidArgs() {
    assertThat(SCHEMA.validate(Map.of(), CATALOG))
        .containsExactly("missing required arg 'metric' (metric: metric)");
    assertThatThrownBy(() -> SCHEMA.bind("trend_anomaly", Map.of(), CATALOG))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessage(
            "invalid args for trend_anomaly: missing required arg 'metric' (metric: metric)");
  }

  @Test
  void validatesAgainstRealRecon() {
    AnalysisFixture fx = AnalysisFixture.get();
    ArgsSchema trend = fx.runner().registry().find("trend_anomaly").orElseThrow().argsSchema();
    assertThat(
            trend.validate(
                Map.of(
                    "metric",
                    "cash_withdrawal_amount",
                    "time",
                    Map.of("kind", "year", "year", 1997)),
                fx.recon))
        .isEmpty();
    assertThat(
            trend.validate(
                Map.of("metric", "volume_amount", "time", Map.of("kind", "year", "year", 1997)),
                fx.recon))
        .singleElement()
        .asString()
        .contains("unknown metric 'volume_amount'");
  }

  @Test
  void periodListsAreFirstDaysAtTheSchemasGrain() {
    ArgsSchema schema =
        ArgsSchema.of(
            ArgSpec.optional("grain", ArgType.TIME_GRAIN, "grain", "month"),
            ArgSpec.optional("expected", ArgType.PERIOD_LIST, "expected periods", null));
    assertThat(schema.validate(Map.of("expected", List.of("1997-06-01", "1998-12-01")), CATALOG))
        .isEmpty();
    assertThat(schema.validate(Map.of("expected", List.of()), CATALOG)).isEmpty();
    assertThat(
            schema
                .bind("t", Map.of("expected", List.of("1997-06-01")), CATALOG)
                .periods("expected"))
        .containsExactly(java.time.LocalDate.of(1997, 6, 1));
    assertThat(schema.validate(Map.of("expected", List.of("1997-06-15")), CATALOG))
        .singleElement()
        .asString()
        .contains("1997-06-15 does not start a month (the step's grain); write 1997-06-01");
    assertThat(schema.validate(Map.of("expected", List.of("June 1997")), CATALOG))
        .singleElement()
        .asString()
        .contains("'June 1997' is not a date; write the period's first day as YYYY-MM-DD");
    assertThat(schema.validate(Map.of("expected", "1997-06-01"), CATALOG))
        .singleElement()
        .asString()
        .contains("expected a list of periods");
    assertThat(
            schema.validate(
                Map.of("grain", "quarter", "expected", List.of("1997-05-01", "1997-04-01")),
                CATALOG))
        .singleElement()
        .asString()
        .contains("1997-05-01 does not start a quarter")
        .doesNotContain("1997-04-01 does not");
    assertThat(schema.validate(Map.of("expected", List.of("1997-06-01", "1997-06-01")), CATALOG))
        .singleElement()
        .asString()
        .contains("listed twice");
  }
}
