package io.assay.analyses.outliers;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.CueWords;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Breakdown;
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
 * {@code find_outliers}: the metric per entity (an account, a district, …) and the entities whose
 * robust z-score (median and MAD, so the outliers themselves do not hide the outliers) exceeds a
 * threshold, largest first.
 */
public final class FindOutliers implements Analysis {
  public static final String NAME = "find_outliers";
  static final int MIN_ENTITIES = 5;

  @Override
  public String name() {
    return NAME;
  }

  /** What reports and pages call it. */
  @Override
  public String title() {
    return "Outlier search";
  }

  @Override
  public CueWords cues() {
    return CueWords.of(
        CueWords.Cue.of(
            "OUTLIERS",
            "entities that stand out from the rest",
            "outlier",
            "outliers",
            "stand out",
            "stands out",
            "standing out",
            "out of line"));
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(OutlierPlanning.ENTRY);
  }

  @Override
  public String description() {
    return "Finds entities (accounts, districts, …) whose value of a metric is far from the others,"
        + " by robust z-score.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return OutliersArgs.SCHEMA;
  }

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    OutliersArgs args = OutliersArgs.bind(rawArgs, context);
    MetricDefinition metric = args.metric();
    String entity = args.entity();
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Find "
            + entity
            + " values whose "
            + MetricTraits.words(metric)
            + " stands out ("
            + args.period()
            + ").");
    Breakdown b =
        Breakdown.load(
            q,
            metric.name() + " by " + entity,
            metric.name(),
            List.of(entity),
            args.time(),
            args.filters());
    List<Breakdown.Entry> entries = new ArrayList<>(b.entries().values());
    f.data(
        new DataDescription(
            MetricTraits.words(metric)
                + " per "
                + entity
                + " over "
                + args.period()
                + ": "
                + entries.size()
                + " entities",
            b.query().rows().size(),
            b.query().rows().columns()));
    if (entries.size() < MIN_ENTITIES) {
      q.stored().forEach(f::artifact);
      return f.keyPath(metric.name() + " by " + entity + " → " + entries.size() + " entities")
          .error(
              "Only "
                  + entries.size()
                  + " "
                  + entity
                  + " values have "
                  + MetricTraits.words(metric)
                  + "; outliers need at least "
                  + MIN_ENTITIES
                  + " to compare.")
          .nextStep("Loosen the filters or widen the period.")
          .build(entries.isEmpty() ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    double[] x = entries.stream().mapToDouble(Breakdown.Entry::value).toArray();
    RobustZ rz = RobustZ.of(x);
    List<Scored> outliers = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      double z = rz.z()[i];
      if (args.counts(z) && Math.abs(z) > args.threshold()) {
        outliers.add(new Scored(entries.get(i).labels().get(0), x[i], z, i));
      }
    }
    outliers.sort(Comparator.comparingDouble((Scored s) -> -Math.abs(s.z())));
    List<Scored> shown = outliers.subList(0, Math.min(args.limit(), outliers.size()));
    ArtifactRef ref = q.computation("outliers", content(args, rz, outliers.size(), shown));
    f.keyPath(
        metric.name()
            + " by "
            + entity
            + " ("
            + x.length
            + " entities) → median and "
            + rz.method()
            + " → |robust z| > "
            + args.threshold()
            + " → "
            + outliers.size()
            + " outlier(s)");
    new OutliersDescription(args, ref, context.warehouse().columnLabel(entity))
        .describe(f, x.length, outliers.size(), rz.median(), shown, q);
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  /** The outliers artifact's content: the robust scale and the listed outliers. */
  private static Map<String, Object> content(
      OutliersArgs args, RobustZ rz, int outlierCount, List<Scored> shown) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("entity", args.entity());
    content.put("entities", rz.z().length);
    content.put("median", rz.median());
    content.put("scale", rz.scale());
    content.put("scale_method", rz.method());
    content.put("threshold", args.threshold());
    content.put("direction", args.direction());
    content.put("outlier_count", outlierCount);
    List<Map<String, Object>> list = new ArrayList<>();
    for (Scored s : shown) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("entity", s.entity());
      m.put("value", s.value());
      m.put("robust_z", s.z());
      list.add(m);
    }
    content.put("outliers", list);
    return content;
  }
}
