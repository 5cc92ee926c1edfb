package io.assay.analyses.correlate;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.DateSpan;
import io.assay.analyses.MetricInfo;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.Windows;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TableData;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code correlate}: metrics by time bucket, aligned on the buckets every series has; Pearson and
 * Spearman correlation of each pair with two-sided p-values.
 */
public final class Correlate implements Analysis {
  public static final String NAME = "correlate";
  static final int MIN_POINTS = 6;
  static final double ALPHA = 0.05;

  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metrics", ArgType.METRIC_LIST, "two to five metrics to correlate"),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "bucket of the series", "month"),
          ArgSpec.optional(
              "time", ArgType.TIME_FILTER, "period to correlate over; all data by default", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows of every metric", null));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Measures how strongly metrics move together over time (Pearson and Spearman, with"
        + " significance).";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  @Override
  public Finding run(Map<String, Object> rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    List<String> names = args.strings("metrics");
    if (names.size() < 2 || names.size() > 5) {
      throw args.invalid("arg 'metrics' needs two to five metrics, got " + names.size());
    }
    List<MetricInfo> metrics = new ArrayList<>();
    for (String n : names) {
      MetricInfo m =
          context
              .warehouse()
              .metric(n)
              .orElseThrow(() -> args.invalid("unknown metric '" + n + "'"));
      Metrics.timeColumn(args, m);
      metrics.add(m);
    }
    TimeGrain grain = args.grain("grain");
    List<Filter> filters = args.filters("filters");
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Measure how "
            + String.join(", ", names)
            + " move together by "
            + Periods.word(grain)
            + ".");

    List<Series> series = new ArrayList<>();
    for (MetricInfo m : metrics) {
      DateSpan span = Metrics.span(context, m.timeColumn());
      Periods.Range range;
      if (args.has("time")) {
        range = Windows.complete(args, "time", grain, span);
      } else {
        if (span == null) {
          throw args.invalid("give 'time': the date range of " + m.timeColumn() + " is not known");
        }
        range =
            Windows.trim(args, "time", new Periods.Range(span.first(), span.last()), grain, span);
      }
      series.add(Series.load(q, m.name() + " series", m, grain, range, filters));
    }
    TreeSet<LocalDate> common = new TreeSet<>();
    series.get(0).points().forEach(p -> common.add(p.start()));
    for (Series s : series.subList(1, series.size())) {
      TreeSet<LocalDate> mine = new TreeSet<>();
      s.points().forEach(p -> mine.add(p.start()));
      common.retainAll(mine);
    }
    List<LocalDate> periods = List.copyOf(common);
    long rows = series.stream().mapToLong(s -> s.query().rows().size()).sum();
    f.data(
        new DataDescription(
            names.size()
                + " "
                + Periods.word(grain)
                + "ly series aligned on "
                + periods.size()
                + " common buckets"
                + (periods.isEmpty()
                    ? ""
                    : " from "
                        + Periods.iso(grain, periods.get(0))
                        + " to "
                        + Periods.iso(grain, periods.get(periods.size() - 1))),
            rows,
            names));
    if (periods.size() < MIN_POINTS) {
      q.stored().forEach(f::artifact);
      return f.keyPath("series per metric → " + periods.size() + " common buckets")
          .error(
              "Only "
                  + periods.size()
                  + " "
                  + Periods.word(grain)
                  + "s have every metric; a"
                  + " correlation needs at least "
                  + MIN_POINTS
                  + ".")
          .nextStep("Use a finer grain or a longer period.")
          .build(periods.isEmpty() ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    double[][] values = new double[series.size()][periods.size()];
    for (int k = 0; k < series.size(); k++) {
      Series s = series.get(k);
      for (int i = 0; i < periods.size(); i++) {
        values[k][i] = s.points().get(s.indexOf(periods.get(i))).value();
      }
    }
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("grain", Periods.word(grain));
    content.put("n", periods.size());
    content.put("periods", periods.stream().map(p -> Periods.iso(grain, p)).toList());
    Map<String, Object> aligned = new LinkedHashMap<>();
    for (int k = 0; k < names.size(); k++) {
      List<Double> v = new ArrayList<>();
      for (double x : values[k]) {
        v.add(x);
      }
      aligned.put(names.get(k), v);
    }
    content.put("series", aligned);
    List<Map<String, Object>> pairs = new ArrayList<>();
    List<Correlation> results = new ArrayList<>();
    List<String[]> pairNames = new ArrayList<>();
    for (int a = 0; a < names.size(); a++) {
      for (int b = a + 1; b < names.size(); b++) {
        Correlation c = Correlation.of(values[a], values[b]);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", names.get(a));
        m.put("b", names.get(b));
        if (c == null) {
          m.put("undefined", "one of the series is constant");
        } else {
          m.put("pearson", c.pearson());
          m.put("pearson_p", c.pearsonP());
          m.put("spearman", c.spearman());
          m.put("spearman_p", c.spearmanP());
        }
        pairs.add(m);
        results.add(c);
        pairNames.add(new String[] {names.get(a), names.get(b)});
      }
    }
    content.put("pairs", pairs);
    ArtifactRef ref = q.computation("correlations", content);
    f.keyPath(
        "series per metric → aligned on "
            + periods.size()
            + " common "
            + Periods.word(grain)
            + "s → Pearson and Spearman per pair ("
            + pairs.size()
            + ")");
    f.figure(
        Figures.of(
            "n",
            "Periods compared",
            "",
            DisplayFormat.number(0),
            Derivation.value("n", periods.size(), ref, "/n")));

    List<TableData.Row> table = new ArrayList<>();
    boolean any = false;
    for (int k = 0; k < results.size(); k++) {
      Correlation c = results.get(k);
      String[] pair = pairNames.get(k);
      if (c == null) {
        f.error(
            "The correlation of "
                + pair[0]
                + " and "
                + pair[1]
                + " is undefined: one of them is constant.");
        continue;
      }
      any = true;
      table.add(
          new TableData.Row(
              List.of(pair[0], pair[1]),
              List.of(c.pearson(), c.pearsonP(), c.spearman(), c.spearmanP())));
      if (k < 3) {
        String p = "p" + (k + 1) + "_";
        f.figure(
            fig(
                p + "pearson",
                "Pearson correlation of " + pair[0] + " and " + pair[1],
                3,
                ref,
                k,
                "pearson",
                c.pearson()));
        f.figure(
            fig(
                p + "pearson_p",
                "p-value of the Pearson correlation",
                4,
                ref,
                k,
                "pearson_p",
                c.pearsonP()));
        f.figure(
            fig(
                p + "spearman",
                "Spearman correlation of " + pair[0] + " and " + pair[1],
                3,
                ref,
                k,
                "spearman",
                c.spearman()));
        f.figure(
            fig(
                p + "spearman_p",
                "p-value of the Spearman correlation",
                4,
                ref,
                k,
                "spearman_p",
                c.spearmanP()));
        boolean significant = c.pearsonP() < ALPHA;
        f.statement(
            "Over {fig:n} periods, {label:"
                + pair[0]
                + "} and {label:"
                + pair[1]
                + "} have a Pearson"
                + " correlation of {fig:"
                + p
                + "pearson} (p-value {fig:"
                + p
                + "pearson_p}) and a Spearman"
                + " correlation of {fig:"
                + p
                + "spearman} (p-value {fig:"
                + p
                + "spearman_p}); the"
                + " Pearson correlation is "
                + (significant ? "" : "not ")
                + "significant at the five percent level.");
      }
    }
    if (!any) {
      q.stored().forEach(f::artifact);
      return f.build(FindingStatus.FAILED);
    }
    f.chart(
        q.chart(
            new TableData(
                "correlations",
                "Correlation by pair",
                List.of("metric a", "metric b"),
                List.of(
                    new TableData.ValueColumn("Pearson r", "", DisplayFormat.number(3)),
                    new TableData.ValueColumn("Pearson p", "", DisplayFormat.number(4)),
                    new TableData.ValueColumn("Spearman rho", "", DisplayFormat.number(3)),
                    new TableData.ValueColumn("Spearman p", "", DisplayFormat.number(4))),
                table,
                null)));
    f.nextStep("Correlation is not causation: compare the series around their turning points.");
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  private static io.assay.contract.finding.Figure fig(
      String id,
      String label,
      int decimals,
      ArtifactRef ref,
      int pair,
      String field,
      double value) {
    return Figures.of(
        id,
        label,
        "",
        DisplayFormat.number(decimals),
        Derivation.value(field, value, ref, "/pairs/" + pair + "/" + field));
  }
}
