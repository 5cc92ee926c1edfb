package io.assay.analyses.rca;

import io.assay.algorithms.rca.LeafTable;
import io.assay.algorithms.rca.RootCause;
import io.assay.algorithms.rca.RootCauseResult;
import io.assay.algorithms.rca.RootCauseSearch;
import io.assay.algorithms.rca.RootCauseSet;
import io.assay.algorithms.rca.SearchParams;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.DateSpan;
import io.assay.analyses.MetricInfo;
import io.assay.analyses.StepQueries;
import io.assay.analyses.drill.Baseline;
import io.assay.analyses.drill.NotNeeded;
import io.assay.analyses.drill.PeriodQuestion;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operation;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code multi_dimensional_rca}: explains a change of an additive metric by combinations of
 * elements across several dimensions at once (e.g. one district's cash withdrawals), where
 * Adtributor names elements of a single dimension. One grouped query over all dimensions for the
 * period and one for the baseline give the leaves; {@link RootCauseSearch} finds the set of
 * combinations whose leaves changed together.
 */
public final class MultiDimensionalRca implements Analysis {
  public static final String NAME = "multi_dimensional_rca";
  private static final int MAX_LEAVES = 200_000;

  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "an additive metric (a sum or a count)"),
          ArgSpec.required(
              "dimensions",
              ArgType.COLUMN_LIST,
              "two to five dimensions to combine, e.g. district.a2, trans.operation"),
          ArgSpec.optional(
              "time",
              ArgType.TIME_FILTER,
              "window to find the most unusual period in (when 'actual' is not given)",
              null),
          ArgSpec.optional(
              "actual", ArgType.TIME_FILTER, "the period whose change to explain", null),
          ArgSpec.optional(
              "located_by",
              ArgType.STRING,
              "trend_anomaly: explain the interval the job's earlier trend step located (used"
                  + " when 'actual' is not given)",
              null),
          ArgSpec.optional(
              "baseline",
              ArgType.TIME_FILTER,
              "compare with this period instead of the forecast expectation",
              null),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "bucket of the periods", "month"),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows", null),
          ArgSpec.optional(
              "share_periods",
              ArgType.INTEGER,
              "buckets before the period that set each leaf's usual share",
              12),
          ArgSpec.optional("max_elements", ArgType.INTEGER, "largest root-cause set, 1..10", 3),
          ArgSpec.optional(
              "threshold",
              ArgType.NUMBER,
              "noise standard deviations an element must stand out by",
              5.0),
          ArgSpec.optional(
              "min_leaf_share",
              ArgType.NUMBER,
              "leaves smaller than this share of the total (expected and actual) are left out as noise",
              0.002));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Finds the combinations of elements across several dimensions (e.g. district and"
        + " operation together) that explain a change of an additive metric.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  private record Leaf(List<String> values, double predict, double real) {}

  @Override
  public Finding run(Map<String, Object> rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    String stepId = context.stepId(NAME);
    // No period and no window: ask which period, unless a person already answered.
    Optional<Map<String, Object>> withPeriod =
        PeriodQuestion.resolve(args, rawArgs, stepId, context);
    if (withPeriod.isEmpty()) {
      return PeriodQuestion.asking(NAME, args, stepId, context);
    }
    args = SCHEMA.bind(NAME, withPeriod.get(), context.catalog());
    MetricInfo metric = Metrics.requireAdditive(args, "metric", context, "");
    String timeColumn = Metrics.timeColumn(args, metric);
    List<String> dims =
        args.strings("dimensions").stream().map(d -> d.toLowerCase(Locale.ROOT)).toList();
    if (dims.size() < 2 || dims.size() > 5) {
      throw args.invalid(
          "arg 'dimensions' needs two to five dimensions, got "
              + dims.size()
              + (dims.size() == 1 ? " — use drill_down for one" : ""));
    }
    int maxElements = args.integer("max_elements");
    double threshold = args.number("threshold");
    int sharePeriods = args.integer("share_periods");
    if (maxElements < 1 || maxElements > 10) {
      throw args.invalid("arg 'max_elements' must be between 1 and 10, got " + maxElements);
    }
    if (!(threshold > 0) || threshold > 50) {
      throw args.invalid("arg 'threshold' must be a positive number up to 50, got " + threshold);
    }
    if (sharePeriods < 1 || sharePeriods > 520) {
      throw args.invalid("arg 'share_periods' must be between 1 and 520, got " + sharePeriods);
    }
    double minLeafShare = args.number("min_leaf_share");
    if (!(minLeafShare >= 0 && minLeafShare < 0.5)) {
      throw args.invalid("arg 'min_leaf_share' must be in [0, 0.5), got " + minLeafShare);
    }
    TimeGrain grain = args.grain("grain");
    DateSpan span = Metrics.span(context, timeColumn);
    List<Filter> filters = args.filters("filters");
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Find the combinations of "
            + String.join(", ", dims)
            + " that explain the change of "
            + metric.words()
            + ".");
    Baseline base;
    try {
      base = Baseline.resolve(args, context, q, metric, grain, span, filters, dims, sharePeriods);
    } catch (Baseline.NothingToExplain e) {
      q.stored().forEach(f::artifact);
      return f.error("Nothing to explain: " + e.getMessage() + ".").build(FindingStatus.FAILED);
    }
    if (base.quiet()) {
      return NotNeeded.finding(f, q, metric, base, "root-cause search");
    }
    Breakdown actual =
        Breakdown.load(
            q,
            "actual by " + String.join(", ", dims),
            metric.name(),
            dims,
            base.actual().asFilter(),
            filters);
    Periods.Range reference = base.expectedMode() ? base.shareWindow() : base.baseline();
    Breakdown before =
        Breakdown.load(
            q,
            (base.expectedMode() ? "usual mix by " : "baseline by ") + String.join(", ", dims),
            metric.name(),
            dims,
            reference.asFilter(),
            filters);
    List<Leaf> leaves = leaves(actual, before, base.expectedMode() ? base.expectedTotal() : null);
    f.data(
        new DataDescription(
            metric.words()
                + " in "
                + base.actual().describe()
                + " and its baseline by "
                + String.join(" × ", dims)
                + ": "
                + (leaves == null ? 0 : leaves.size())
                + " leaves",
            actual.query().rows().size() + before.query().rows().size(),
            dims));
    if (leaves == null || leaves.size() < 2) {
      q.stored().forEach(f::artifact);
      return f.error("Too few leaves to search (" + (leaves == null ? 0 : leaves.size()) + ").")
          .build(FindingStatus.EMPTY);
    }
    if (leaves.size() > MAX_LEAVES) {
      throw args.invalid(
          "the dimensions give "
              + leaves.size()
              + " combinations, more than "
              + MAX_LEAVES
              + "; leave out a high-cardinality dimension");
    }
    // Tiny leaves swing by large ratios from noise alone (a few transactions more or less); the
    // search's noise is relative, so they would outrank real causes. They are left out, and what
    // they hold is reported.
    double scale =
        Math.max(
            leaves.stream().mapToDouble(Leaf::real).sum(),
            leaves.stream().mapToDouble(Leaf::predict).sum());
    List<Leaf> searched = new ArrayList<>();
    double smallReal = 0;
    int small = 0;
    for (Leaf l : leaves) {
      if (Math.max(l.real(), l.predict()) < minLeafShare * scale) {
        small++;
        smallReal += l.real();
      } else {
        searched.add(l);
      }
    }
    if (searched.size() < 2) {
      q.stored().forEach(f::artifact);
      return f.error(
              "Fewer than two leaves are above the minimum leaf share; lower min_leaf_share.")
          .build(FindingStatus.EMPTY);
    }
    LeafTable.Builder b = LeafTable.fundamental(dims);
    for (Leaf l : searched) {
      b.add(l.values(), l.real(), l.predict());
    }
    LeafTable table = b.build();
    RootCauseResult result =
        RootCauseSearch.search(
            table, new SearchParams(threshold, Math.max(10.0, threshold * 2), maxElements, 0, 1));
    RootCauseSet best = result.best();
    double realTotal = leaves.stream().mapToDouble(Leaf::real).sum();
    double predictTotal = leaves.stream().mapToDouble(Leaf::predict).sum();

    Map<String, Object> content = new LinkedHashMap<>();
    content.put("dimensions", dims);
    content.put("leaves", leaves.size());
    content.put("leaves_searched", searched.size());
    content.put("small_leaves", small);
    content.put("small_leaves_actual", smallReal);
    content.put("real_total", realTotal);
    content.put("predict_total", predictTotal);
    content.put("noise_scale", result.noiseScale());
    content.put("set_explanatory_power", best.explanatoryPower());
    List<Map<String, Object>> elements = new ArrayList<>();
    for (RootCause c : best.elements()) {
      double[] sums = sums(leaves, dims, c);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("element", c.element());
      m.put("predict", sums[0]);
      m.put("real", sums[1]);
      m.put("explanatory_power", c.explanatoryPower());
      m.put("change_factor", c.changeFactor());
      elements.add(m);
    }
    // Presented by the size of the change each carries, largest first (the search finds them in
    // order of misfit gain, which favours many small leaves).
    elements.sort(
        java.util.Comparator.comparingDouble(
            (Map<String, Object> m) ->
                -Math.abs((double) m.get("real") - (double) m.get("predict"))));
    content.put("elements", elements);
    ArtifactRef ref = q.computation("root_causes", content);
    f.keyPath(
        base.how()
            + " → "
            + leaves.size()
            + " leaves over "
            + String.join(" × ", dims)
            + ", "
            + small
            + " below "
            + (minLeafShare * 100)
            + "% of the total left out → root-cause search (threshold "
            + threshold
            + ") → "
            + (best.elements().isEmpty()
                ? "nothing stands out"
                : String.join("; ", best.elementStrings())));
    if (best.elements().isEmpty()) {
      q.stored().forEach(f::artifact);
      return f.error(
              "No combination of "
                  + String.join(", ", dims)
                  + " stands out from the noise in "
                  + base.actual().describe()
                  + ".")
          .nextStep("Lower the threshold, or try other dimensions.")
          .build(FindingStatus.EMPTY);
    }
    DisplayFormat format = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String expectedWord = base.expectedMode() ? "expected" : "baseline";
    Derivation rt = Derivation.value("actual total", realTotal, ref, "/real_total");
    Derivation pt = Derivation.value(expectedWord + " total", predictTotal, ref, "/predict_total");
    f.figure(
        Figures.of(
            "total_actual",
            Metrics.title(metric) + " in " + base.actual().describe(),
            unit,
            format,
            rt));
    f.figure(
        Figures.of(
            "total_expected", "The " + expectedWord + " " + metric.words(), unit, format, pt));
    f.figure(
        Figures.of(
            "total_change",
            "Actual minus " + expectedWord,
            unit,
            format,
            Figures.combine(Operation.DIFFERENCE, rt, pt)));
    f.figure(
        Figures.of(
            "set_share",
            "Share of the change the root-cause set explains",
            "",
            DisplayFormat.percent(1),
            Derivation.value(
                "set explanatory power", best.explanatoryPower(), ref, "/set_explanatory_power")));
    String period =
        base.actual().isoPeriod() != null
            ? "{date:" + base.actual().isoPeriod() + "}"
            : "{date:" + base.actual().from() + "} to {date:" + base.actual().to() + "}";
    f.statement(
        "{label:"
            + Metrics.title(metric)
            + "} in "
            + period
            + " was {fig:total_actual} against "
            + (base.expectedMode() ? "an expected" : "a baseline of")
            + " {fig:total_expected} ({fig:total_change});"
            + " the root-cause set explains {fig:set_share} of the change.");
    List<ContributionBars.Bar> bars = new ArrayList<>();
    double change = realTotal - predictTotal;
    for (int i = 0; i < elements.size(); i++) {
      Map<String, Object> m = elements.get(i);
      double predict = (double) m.get("predict");
      double real = (double) m.get("real");
      if (change != 0) {
        bars.add(
            new ContributionBars.Bar(
                (String) m.get("element"), predict, real, (real - predict) / change));
      }
      if (i < 3) {
        String p = "e" + (i + 1) + "_";
        Derivation dp =
            Derivation.value(
                m.get("element") + " " + expectedWord, predict, ref, "/elements/" + i + "/predict");
        Derivation dr =
            Derivation.value(m.get("element") + " actual", real, ref, "/elements/" + i + "/real");
        f.figure(Figures.of(p + "actual", m.get("element") + ": actual", unit, format, dr));
        f.figure(
            Figures.of(p + "expected", m.get("element") + ": " + expectedWord, unit, format, dp));
        if (change != 0) {
          f.figure(
              Figures.of(
                  p + "share",
                  "Share of the change from " + m.get("element"),
                  "",
                  DisplayFormat.percent(1),
                  Figures.combine(Operation.CONTRIBUTION, dp, dr, pt, rt)));
        }
        f.statement(
            "{label:"
                + m.get("element")
                + "}: {fig:"
                + p
                + "actual} against "
                + (base.expectedMode() ? "an expected" : "a baseline of")
                + " {fig:"
                + p
                + "expected}"
                + (change != 0 ? ", {fig:" + p + "share} of the change." : "."));
      }
    }
    if (!bars.isEmpty()) {
      f.chart(
          q.chart(
              new ContributionBars(
                  "root_causes",
                  "Root-cause combinations",
                  String.join(" × ", dims),
                  unit,
                  format,
                  bars,
                  null)));
    }
    f.nextStep("Check the rows behind the named combinations for what changed operationally.");
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  private static List<Leaf> leaves(Breakdown actual, Breakdown before, Double expectedTotal) {
    Set<String> keys = new LinkedHashSet<>(before.entries().keySet());
    keys.addAll(actual.entries().keySet());
    double priorTotal = 0;
    for (Breakdown.Entry e : before.entries().values()) {
      priorTotal += Math.max(0, e.value());
    }
    if (expectedTotal != null && priorTotal <= 0) {
      return null;
    }
    List<Leaf> out = new ArrayList<>();
    for (String k : keys) {
      Breakdown.Entry a = actual.entries().get(k);
      Breakdown.Entry p = before.entries().get(k);
      List<String> labels = a != null ? a.labels() : p.labels();
      double prior = p == null ? 0 : Math.max(0, p.value());
      double predict = expectedTotal == null ? prior : expectedTotal * prior / priorTotal;
      out.add(new Leaf(labels, predict, a == null ? 0 : Math.max(0, a.value())));
    }
    return out;
  }

  /** Expected and actual sums of the leaves an element covers. */
  private static double[] sums(List<Leaf> leaves, List<String> dims, RootCause cause) {
    double p = 0;
    double r = 0;
    for (Leaf l : leaves) {
      boolean match = true;
      for (Map.Entry<String, String> e : cause.combination().pairs().entrySet()) {
        if (!l.values().get(dims.indexOf(e.getKey())).equals(e.getValue())) {
          match = false;
          break;
        }
      }
      if (match) {
        p += l.predict();
        r += l.real();
      }
    }
    return new double[] {p, r};
  }
}
