package io.assay.analyses.rca;

import io.assay.algorithms.rca.LeafTable;
import io.assay.algorithms.rca.RootCause;
import io.assay.algorithms.rca.RootCauseResult;
import io.assay.algorithms.rca.RootCauseSearch;
import io.assay.algorithms.rca.RootCauseSet;
import io.assay.algorithms.rca.SearchParams;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.drill.Baseline;
import io.assay.analyses.drill.NotNeeded;
import io.assay.analyses.drill.PeriodQuestion;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Periods;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  @Override
  public String name() {
    return NAME;
  }

  /** What reports and pages call it. */
  @Override
  public String title() {
    return "Multi-dimensional root-cause search";
  }

  @Override
  public String description() {
    return "Finds the combinations of elements across several dimensions (e.g. one region"
        + " and one kind of row together) that explain a change of an additive metric.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return RcaArgs.SCHEMA;
  }

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    Args first = RcaArgs.SCHEMA.bind(NAME, rawArgs, context.catalog());
    String stepId = context.stepId(NAME);
    // No period and no window: ask which period, unless a person already answered.
    Optional<StepArgs> withPeriod = PeriodQuestion.resolve(first, rawArgs, stepId, context);
    if (withPeriod.isEmpty()) {
      return PeriodQuestion.asking(NAME, first, stepId, context);
    }
    RcaArgs a = RcaArgs.bind(withPeriod.get(), context);
    MetricDefinition metric = a.metric();
    List<String> dims = a.dims();
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Find the combinations of "
            + String.join(", ", dims)
            + " that explain the change of "
            + MetricTraits.words(metric)
            + ".");
    Baseline base;
    try {
      base =
          Baseline.resolve(
              a.args(),
              context,
              q,
              metric,
              a.grain(),
              a.span(),
              a.filters(),
              dims,
              a.sharePeriods());
    } catch (Baseline.NothingToExplain e) {
      q.stored().forEach(f::artifact);
      return f.error("Nothing to explain: " + e.getMessage() + ".").build(FindingStatus.FAILED);
    }
    if (base.quiet()) {
      return NotNeeded.finding(f, q, metric, base, "root-cause search");
    }
    List<Leaf> leaves = loadLeaves(q, f, a, base);
    if (leaves == null || leaves.size() < 2) {
      q.stored().forEach(f::artifact);
      return f.error("Too few leaves to search (" + (leaves == null ? 0 : leaves.size()) + ").")
          .build(FindingStatus.EMPTY);
    }
    if (leaves.size() > MAX_LEAVES) {
      throw a.args()
          .invalid(
              "the dimensions give "
                  + leaves.size()
                  + " combinations, more than "
                  + MAX_LEAVES
                  + "; leave out a high-cardinality dimension");
    }
    // Tiny leaves are left out of the search, and what they hold is reported.
    Leaf.Split split = Leaf.Split.of(leaves, a.minLeafShare());
    if (split.searched().size() < 2) {
      q.stored().forEach(f::artifact);
      return f.error(
              "Fewer than two leaves are above the minimum leaf share; lower min_leaf_share.")
          .build(FindingStatus.EMPTY);
    }
    RootCauseResult result = search(split.searched(), a);
    RootCauseSet best = result.best();
    double realTotal = leaves.stream().mapToDouble(Leaf::real).sum();
    double predictTotal = leaves.stream().mapToDouble(Leaf::predict).sum();
    List<Map<String, Object>> elements = elements(leaves, dims, best);
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("dimensions", dims);
    content.put("leaves", leaves.size());
    content.put("leaves_searched", split.searched().size());
    content.put("small_leaves", split.small());
    content.put("small_leaves_actual", split.smallReal());
    content.put("real_total", realTotal);
    content.put("predict_total", predictTotal);
    content.put("noise_scale", result.noiseScale());
    content.put("set_explanatory_power", best.explanatoryPower());
    content.put("elements", elements);
    ArtifactRef ref = q.computation("root_causes", content);
    f.keyPath(
        base.how()
            + " → "
            + leaves.size()
            + " leaves over "
            + a.crossed()
            + ", "
            + split.small()
            + " below "
            + (a.minLeafShare() * 100)
            + "% of the total left out → root-cause search (threshold "
            + a.threshold()
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
    new RcaDescription(metric, base, ref)
        .describe(f, q, realTotal, predictTotal, best.explanatoryPower(), elements, a.crossed());
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  /**
   * The leaves of the period and of its reference (the usual mix, or the comparison period), one
   * grouped query each over all dimensions; records what was read in {@code f}.
   */
  private static List<Leaf> loadLeaves(StepQueries q, Finding.Builder f, RcaArgs a, Baseline base) {
    List<String> dims = a.dims();
    Breakdown actual =
        Breakdown.load(
            q,
            "actual by " + String.join(", ", dims),
            a.metric().name(),
            dims,
            base.actual().asFilter(),
            a.filters());
    Periods.Range reference = base.expectedMode() ? base.shareWindow() : base.baseline();
    Breakdown before =
        Breakdown.load(
            q,
            (base.expectedMode() ? "usual mix by " : "baseline by ") + String.join(", ", dims),
            a.metric().name(),
            dims,
            reference.asFilter(),
            a.filters());
    List<Leaf> leaves =
        Leaf.join(actual, before, base.expectedMode() ? base.expectedTotal() : null);
    f.data(
        new DataDescription(
            MetricTraits.words(a.metric())
                + " in "
                + base.actual().describe()
                + " and its baseline by "
                + a.crossed()
                + ": "
                + (leaves == null ? 0 : leaves.size())
                + " leaves",
            actual.query().rows().size() + before.query().rows().size(),
            dims));
    return leaves;
  }

  private static RootCauseResult search(List<Leaf> searched, RcaArgs a) {
    LeafTable.Builder b = LeafTable.fundamental(a.dims());
    for (Leaf l : searched) {
      b.add(l.values(), l.real(), l.predict());
    }
    return RootCauseSearch.search(
        b.build(),
        new SearchParams(a.threshold(), Math.max(10.0, a.threshold() * 2), a.maxElements(), 0, 1));
  }

  /**
   * The set's combinations with what they were expected to hold and held, presented by the size of
   * the change each carries, largest first (the search finds them in order of misfit gain, which
   * favours many small leaves).
   */
  private static List<Map<String, Object>> elements(
      List<Leaf> leaves, List<String> dims, RootCauseSet best) {
    List<Map<String, Object>> elements = new ArrayList<>();
    for (RootCause c : best.elements()) {
      double[] sums = Leaf.sums(leaves, dims, c);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("element", c.element());
      m.put("predict", sums[0]);
      m.put("real", sums[1]);
      m.put("explanatory_power", c.explanatoryPower());
      m.put("change_factor", c.changeFactor());
      elements.add(m);
    }
    elements.sort(
        Comparator.comparingDouble(
            (Map<String, Object> m) ->
                -Math.abs((double) m.get("real") - (double) m.get("predict"))));
    return elements;
  }
}
