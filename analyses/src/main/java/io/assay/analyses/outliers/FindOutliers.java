package io.assay.analyses.outliers;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.DateSpan;
import io.assay.analyses.MetricInfo;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TableData;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code find_outliers}: the metric per entity (an account, a district, …) and the entities whose
 * robust z-score (median and MAD, so the outliers themselves do not hide the outliers) exceeds a
 * threshold, largest first.
 */
public final class FindOutliers implements Analysis {
  public static final String NAME = "find_outliers";
  static final int MIN_ENTITIES = 5;

  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "the metric compared across entities"),
          ArgSpec.required(
              "entity",
              ArgType.COLUMN,
              "the entity column, e.g. account.account_id or district.a2"),
          ArgSpec.optional("time", ArgType.TIME_FILTER, "restrict to a period", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows", null),
          ArgSpec.optional(
              "threshold",
              ArgType.NUMBER,
              "robust z-score beyond which an entity is an outlier",
              3.5),
          ArgSpec.optional(
              "direction", ArgType.STRING, "both, high or low: which side counts", "both"),
          ArgSpec.optional("limit", ArgType.INTEGER, "outliers to list, 1..50", 10));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Finds entities (accounts, districts, …) whose value of a metric is far from the others,"
        + " by robust z-score.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  private record Scored(String entity, double value, double z, int index) {}

  @Override
  public Finding run(Map<String, Object> rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    MetricInfo metric = Metrics.require(args, "metric", context);
    String entity = args.string("entity").toLowerCase(Locale.ROOT);
    double threshold = args.number("threshold");
    if (!(threshold > 0) || threshold > 100) {
      throw args.invalid("arg 'threshold' must be a positive number up to 100, got " + threshold);
    }
    String direction = args.string("direction").toLowerCase(Locale.ROOT);
    if (!List.of("both", "high", "low").contains(direction)) {
      throw args.invalid("arg 'direction' must be both, high or low, got " + direction);
    }
    int limit = args.integer("limit");
    if (limit < 1 || limit > 50) {
      throw args.invalid("arg 'limit' must be between 1 and 50, got " + limit);
    }
    TimeFilter time = null;
    String period = "all periods";
    if (args.has("time")) {
      String column = Metrics.timeColumn(args, metric);
      DateSpan span = Metrics.span(context, column);
      try {
        Periods.Range r = Periods.resolve(args.timeFilter("time"), span);
        time = r.asFilter();
        period = r.describe();
      } catch (IllegalArgumentException e) {
        throw args.invalid("arg 'time': " + e.getMessage());
      }
    }
    List<Filter> filters = args.filters("filters");
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal("Find " + entity + " values whose " + metric.words() + " stands out (" + period + ").");
    Breakdown b =
        Breakdown.load(
            q, metric.name() + " by " + entity, metric.name(), List.of(entity), time, filters);
    List<Breakdown.Entry> entries = new ArrayList<>(b.entries().values());
    f.data(
        new DataDescription(
            metric.words()
                + " per "
                + entity
                + " over "
                + period
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
                  + metric.words()
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
      boolean side = direction.equals("both") || (direction.equals("high") ? z > 0 : z < 0);
      if (side && Math.abs(z) > threshold) {
        outliers.add(new Scored(entries.get(i).labels().get(0), x[i], z, i));
      }
    }
    outliers.sort(Comparator.comparingDouble((Scored s) -> -Math.abs(s.z())));
    List<Scored> shown = outliers.subList(0, Math.min(limit, outliers.size()));

    Map<String, Object> content = new LinkedHashMap<>();
    content.put("entity", entity);
    content.put("entities", x.length);
    content.put("median", rz.median());
    content.put("scale", rz.scale());
    content.put("scale_method", rz.method());
    content.put("threshold", threshold);
    content.put("direction", direction);
    content.put("outlier_count", outliers.size());
    List<Map<String, Object>> list = new ArrayList<>();
    for (Scored s : shown) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("entity", s.entity());
      m.put("value", s.value());
      m.put("robust_z", s.z());
      list.add(m);
    }
    content.put("outliers", list);
    ArtifactRef ref = q.computation("outliers", content);
    f.keyPath(
        metric.name()
            + " by "
            + entity
            + " ("
            + x.length
            + " entities) → median and "
            + rz.method()
            + " → |robust z| > "
            + threshold
            + " → "
            + outliers.size()
            + " outlier(s)");

    DisplayFormat format = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String entityLabel = context.warehouse().columnLabel(entity);
    f.figure(
        Figures.of(
            "entities",
            "Entities compared",
            "",
            DisplayFormat.grouped(0),
            Derivation.value("entities", x.length, ref, "/entities")));
    f.figure(
        Figures.of(
            "outlier_count",
            "Outliers beyond the threshold",
            "",
            DisplayFormat.grouped(0),
            Derivation.value("outlier count", outliers.size(), ref, "/outlier_count")));
    f.figure(
        Figures.of(
            "median",
            "Median " + metric.words() + " per entity",
            unit,
            MetricDisplay.averaged(metric),
            Derivation.value("median", rz.median(), ref, "/median")));
    f.figure(
        Figures.of(
            "threshold",
            "Robust z-score threshold",
            "",
            DisplayFormat.number(1),
            Derivation.value("threshold", threshold, ref, "/threshold")));
    f.statement(
        "Of {fig:entities} values of {label:"
            + entityLabel
            + "}, {fig:outlier_count} have a"
            + " {label:"
            + metric.words()
            + "} beyond a robust z-score of {fig:threshold} (the median is {fig:median}).");
    if (!shown.isEmpty()) {
      Scored top = shown.get(0);
      f.figure(
          Figures.of(
              "top_value",
              top.entity() + ": " + metric.words(),
              unit,
              format,
              Derivation.value(top.entity(), top.value(), ref, "/outliers/0/value")));
      f.figure(
          Figures.of(
              "top_z",
              top.entity() + ": robust z-score",
              "",
              DisplayFormat.number(1),
              Derivation.value(top.entity() + " z", top.z(), ref, "/outliers/0/robust_z")));
      f.statement(
          "The most extreme is {label:"
              + top.entity()
              + "} with {fig:top_value} (robust z-score {fig:top_z}).");
      List<TableData.Row> rows = new ArrayList<>();
      for (Scored s : shown) {
        rows.add(new TableData.Row(List.of(s.entity()), List.of(s.value(), s.z())));
      }
      f.chart(
          q.chart(
              new TableData(
                  "outliers",
                  "Outliers of " + metric.words() + " by " + entityLabel,
                  List.of(entity),
                  List.of(
                      new TableData.ValueColumn(metric.words(), unit, format),
                      new TableData.ValueColumn("robust z-score", "", DisplayFormat.number(1))),
                  rows,
                  null)));
      f.nextStep(
          "Inspect the listed entities' rows, or drill_down if a group of them moved together.");
    } else {
      f.nextStep("Lower the threshold to see the most extreme entities anyway.");
    }
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }
}
