package io.assay.analyses.drill;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.ArgCatalog;
import io.assay.analyses.Heartbeat;
import io.assay.analyses.Rows;
import io.assay.analyses.StepQueries;
import io.assay.analyses.Warehouse;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Periods;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import io.assay.store.JobEvent;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The drill-down reads every candidate dimension's series in one grouped scan where they can share
 * one: the series, and the findings built on them, are the ones the per-dimension queries give.
 */
class OneScanSlicesTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  /** The same warehouse without the one-scan query: every breakdown is read on its own. */
  private static Warehouse perDimension(Warehouse w) {
    return new Warehouse() {
      @Override
      public ArgCatalog catalog() {
        return w.catalog();
      }

      @Override
      public Optional<MetricDefinition> metric(String name) {
        return w.metric(name);
      }

      @Override
      public Optional<DateRange> dateSpan(ColumnRef column) {
        return w.dateSpan(column);
      }

      @Override
      public String columnLabel(String column) {
        return w.columnLabel(column);
      }

      @Override
      public ComposedQuery compose(Pick pick) {
        return w.compose(pick);
      }

      @Override
      public Rows execute(ComposedQuery sql, Heartbeat heartbeat) {
        return w.execute(sql, heartbeat);
      }
    };
  }

  private List<String> candidates(String metric, List<Filter> filters) {
    return DrillDimensions.candidates(fx.recon, metric, filters).stream()
        .map(ColumnRef::toString)
        .toList();
  }

  private List<JobEvent> finished(AnalysisContext ctx) {
    return fx.events(ctx.jobId()).stream()
        .filter(e -> e.type().equals("tool_call_finished"))
        .toList();
  }

  @ParameterizedTest
  @CsvSource({
    "cash_withdrawal_amount, 1994-01-01, 1997-12-31, ",
    "cash_withdrawal_count, 1995-07-01, 1998-06-30, ",
    "card_withdrawal_amount, 1996-01-01, 1998-12-31, district.a3",
  })
  void oneScanGivesEachDimensionsSeries(String metric, String from, String to, String within) {
    List<Filter> filters = new ArrayList<>();
    if (within != null) {
      // A level below the first: the slices of one region.
      filters.add(Breakdown.equalTo(within, "north Moravia"));
    }
    List<String> dims = new ArrayList<>(candidates(metric, List.of()));
    dims.remove(within);
    assertThat(dims).hasSizeGreaterThanOrEqualTo(3);
    Periods.Range range = new Periods.Range(LocalDate.parse(from), LocalDate.parse(to));

    AnalysisContext one = fx.context("one-scan");
    Map<String, SliceSeries> together =
        SliceSeries.loadAll(
            one.queries(DrillDown.NAME),
            d -> "series by " + d,
            metric,
            TimeGrain.MONTH,
            range,
            filters,
            dims);
    assertThat(finished(one)).hasSize(1);
    assertThat(fx.events(one.jobId()).get(0).payloadJson()).contains("grouping sets");

    AnalysisContext each = fx.context("per-dimension");
    StepQueries q = each.queries(DrillDown.NAME);
    for (String dim : dims) {
      SliceSeries alone =
          SliceSeries.load(q, "series by " + dim, metric, TimeGrain.MONTH, range, filters, dim);
      SliceSeries s = together.get(dim);
      assertThat(s.buckets()).isEqualTo(alone.buckets());
      assertThat(alone.values()).as("elements of %s", dim).isNotEmpty();
      assertThat(List.copyOf(s.values().keySet()))
          .as("elements of %s, in order", dim)
          .isEqualTo(List.copyOf(alone.values().keySet()));
      alone
          .values()
          .forEach((k, v) -> assertThat(s.values().get(k)).as("%s = %s", dim, k).isEqualTo(v));
      assertThat(s.raw()).isEqualTo(alone.raw());
    }
    assertThat(finished(each)).hasSize(dims.size());
  }

  /** A column over a one-to-many hop would repeat the rows of the others: read on its own. */
  @org.junit.jupiter.api.Test
  void aColumnThatWouldRepeatRowsIsReadOnItsOwn() {
    AnalysisContext ctx = fx.context("one-scan-fan-out");
    Map<String, SliceSeries> s =
        SliceSeries.loadAll(
            ctx.queries(DrillDown.NAME),
            d -> "series by " + d,
            "cash_withdrawal_amount",
            TimeGrain.MONTH,
            new Periods.Range(LocalDate.of(1997, 1, 1), LocalDate.of(1997, 12, 31)),
            List.of(),
            List.of("district.a3", "disp.type"));
    assertThat(s).containsOnlyKeys("district.a3", "disp.type");
    assertThat(finished(ctx)).hasSize(2);
  }

  /**
   * The whole drill-down, locating its period by its own scan and descending with each element's
   * own baseline, finds the same with one scan per level as with a scan per dimension.
   */
  @ParameterizedTest
  @CsvSource({
    "cash_withdrawal_amount, 1997",
    "cash_withdrawal_amount, 1998",
    "cash_withdrawal_count, 1996",
    "card_withdrawal_amount, 1997",
  })
  void theDrillDownFindsTheSame(String metric, int year) {
    Map<String, Object> args =
        Map.of(
            "metric",
            metric,
            "time",
            Map.of("kind", "year", "year", year),
            "grain",
            "month",
            "dimensions",
            candidates(metric, List.of()));
    AnalysisContext one = fx.context("drill-one-scan");
    Finding a = fx.runner().run(DrillDown.NAME, StepArgs.of(args), "q", one);
    AnalysisContext each = fx.context("drill-per-dimension", perDimension(fx.reconWarehouse));
    Finding b = fx.runner().run(DrillDown.NAME, StepArgs.of(args), "q", each);

    assertThat(a.status()).isEqualTo(b.status());
    assertThat(a.keyPath()).isEqualTo(b.keyPath());
    assertThat(a.statements()).isEqualTo(b.statements());
    assertThat(values(a)).isEqualTo(values(b));
    assertThat(a.charts().stream().map(OneScanSlicesTest::withoutSource).toList())
        .isEqualTo(b.charts().stream().map(OneScanSlicesTest::withoutSource).toList());
    assertThat(finished(one).size()).isLessThan(finished(each).size());
    fx.assertTraceable(a, one.jobId());
  }

  private static Map<String, Double> values(Finding f) {
    Map<String, Double> out = new java.util.LinkedHashMap<>();
    for (Figure x : f.figures()) {
      out.put(x.id(), x.value());
    }
    return out;
  }

  private static String withoutSource(ChartData c) {
    return c.toString().replaceAll("ArtifactRef\\[[^\\]]*\\]", "");
  }
}
