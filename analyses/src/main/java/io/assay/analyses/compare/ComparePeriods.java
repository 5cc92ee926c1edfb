package io.assay.analyses.compare;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.CueWords;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Cells;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TableData;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code compare_periods}: a metric in a current period against a baseline period: both values, the
 * difference and the growth; with {@code group_by}, the groups that moved most and (for a sum or a
 * count) the share of the total change each explains.
 */
public final class ComparePeriods implements Analysis {
  public static final String NAME = "compare_periods";

  private static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          ComparePlanArgs.class,
          ArgSpec.required("metric", ArgType.METRIC, "the metric to compare"),
          ArgSpec.required("baseline", ArgType.TIME_FILTER, "the earlier or reference period"),
          ArgSpec.required("current", ArgType.TIME_FILTER, "the period compared with the baseline"),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows", null),
          ArgSpec.optional(
              "group_by", ArgType.COLUMN, "also compare per group of this column", null),
          ArgSpec.optional("top", ArgType.INTEGER, "groups to list, largest movers first", 10));

  @Override
  public String name() {
    return NAME;
  }

  /** What reports and pages call it. */
  @Override
  public String title() {
    return "Period comparison";
  }

  @Override
  public CueWords cues() {
    return CueWords.of(
        CueWords.Cue.of(
            "COMPARE",
            "two periods or two groups side by side",
            "compare",
            "comparison",
            "compared",
            "versus",
            "vs",
            "against"));
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(ComparePlanning.ENTRY);
  }

  @Override
  public String description() {
    return "Compares a metric between two periods (value, difference, growth), optionally per"
        + " group with the groups that moved most.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    MetricDefinition metric = Metrics.require(args, "metric", context);
    ColumnRef timeColumn = Metrics.timeColumn(args, metric);
    DateRange span = Metrics.span(context, timeColumn);
    Periods.Range baseline = resolve(args, "baseline", span);
    Periods.Range current = resolve(args, "current", span);
    int top = args.integer("top");
    if (top < 1 || top > 50) {
      throw args.invalid("arg 'top' must be between 1 and 50, got " + top);
    }
    List<Filter> filters = args.filters("filters");
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Compare "
            + MetricTraits.words(metric)
            + " in "
            + current.describe()
            + " with "
            + baseline.describe()
            + ".");

    StepQueries.QueryRun b =
        q.query("baseline " + baseline.describe(), total(metric, baseline, filters));
    StepQueries.QueryRun c =
        q.query("current " + current.describe(), total(metric, current, filters));
    Double bv = single(b);
    Double cv = single(c);
    f.data(
        new DataDescription(
            MetricTraits.words(metric)
                + " over "
                + baseline.describe()
                + " and over "
                + current.describe(),
            b.rows().size() + c.rows().size(),
            List.of(Series.VALUE)));
    String title = Metrics.title(metric);
    if (bv == null || cv == null) {
      q.stored().forEach(f::artifact);
      return f.keyPath(
              "totals of both periods → " + (bv == null ? "baseline" : "current") + " has no value")
          .error(
              "No "
                  + MetricTraits.words(metric)
                  + " in "
                  + (bv == null ? baseline.describe() : current.describe())
                  + " (no rows match), so the periods cannot be compared.")
          .nextStep("Check the periods against the data's date range, or loosen the filters.")
          .build(FindingStatus.EMPTY);
    }
    DisplayFormat format = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    int col = b.rows().column(Series.VALUE);
    Derivation base = Derivation.value("baseline", bv, b.artifact(), "/rows/0/" + col);
    Derivation cur = Derivation.value("current", cv, c.artifact(), "/rows/0/" + col);
    f.figure(
        Figures.of("baseline_value", title + " in " + baseline.describe(), unit, format, base));
    f.figure(Figures.of("current_value", title + " in " + current.describe(), unit, format, cur));
    f.figure(
        Figures.of(
            "change",
            "Change from " + baseline.describe() + " to " + current.describe(),
            unit,
            format,
            Figures.combine(Operation.DIFFERENCE, cur, base)));
    boolean growth = bv != 0;
    if (growth) {
      f.figure(
          Figures.of(
              "change_pct",
              "Growth from " + baseline.describe() + " to " + current.describe(),
              "",
              DisplayFormat.percent(1),
              Figures.combine(Operation.GROWTH, base, cur)));
    }
    f.statement(
        "{label:"
            + title
            + "} was {fig:current_value} in "
            + date(current)
            + " against {fig:baseline_value} in "
            + date(baseline)
            + ", a change of {fig:change}"
            + (growth ? " ({fig:change_pct})." : "."));
    String path = "totals of " + baseline.describe() + " and " + current.describe();

    if (args.has("group_by")) {
      String by = args.string("group_by").toLowerCase(java.util.Locale.ROOT);
      Breakdown gb =
          Breakdown.load(
              q, "baseline by " + by, metric.name(), List.of(by), baseline.asFilter(), filters);
      Breakdown gc =
          Breakdown.load(
              q, "current by " + by, metric.name(), List.of(by), current.asFilter(), filters);
      path += " → per " + by + " (" + gc.entries().size() + " groups)";
      groups(f, q, context, metric, by, gb, gc, top, bv, cv);
    }
    f.keyPath(path);
    f.chart(
        q.chart(
            new TableData(
                "periods",
                title + ": " + baseline.describe() + " and " + current.describe(),
                List.of("period"),
                List.of(new TableData.ValueColumn(MetricTraits.words(metric), unit, format)),
                List.of(
                    new TableData.Row(List.of(baseline.describe()), List.of(bv)),
                    new TableData.Row(List.of(current.describe()), List.of(cv))),
                null)));
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  private static String date(Periods.Range r) {
    String iso = r.isoPeriod();
    return iso != null ? "{date:" + iso + "}" : "{date:" + r.from() + "} to {date:" + r.to() + "}";
  }

  private static Periods.Range resolve(Args args, String arg, DateRange span) {
    try {
      return Periods.resolve(args.timeFilter(arg), span);
    } catch (IllegalArgumentException e) {
      throw args.invalid("arg '" + arg + "': " + e.getMessage());
    }
  }

  private static Pick total(MetricDefinition metric, Periods.Range range, List<Filter> filters) {
    return Pick.builder()
        .measure(new Measure.Metric(metric.name(), List.of(), Series.VALUE))
        .time(range.asFilter())
        .filter(filters.toArray(Filter[]::new))
        .build();
  }

  private static Double single(StepQueries.QueryRun run) {
    if (run.rows().size() == 0) {
      return null;
    }
    return Cells.number(run.rows().rows().get(0).get(run.rows().column(Series.VALUE)));
  }

  private record Group(String label, double before, double after) {
    double change() {
      return after - before;
    }
  }

  private void groups(
      Finding.Builder f,
      StepQueries q,
      AnalysisContext context,
      MetricDefinition metric,
      String by,
      Breakdown gb,
      Breakdown gc,
      int top,
      double totalBefore,
      double totalAfter) {
    Set<String> keys = new LinkedHashSet<>(gb.entries().keySet());
    keys.addAll(gc.entries().keySet());
    List<Group> groups = new ArrayList<>();
    for (String k : keys) {
      Breakdown.Entry x = gb.entries().get(k);
      Breakdown.Entry y = gc.entries().get(k);
      groups.add(
          new Group(
              k,
              x == null ? (MetricTraits.additive(metric) ? 0 : Double.NaN) : x.value(),
              y == null ? (MetricTraits.additive(metric) ? 0 : Double.NaN) : y.value()));
    }
    groups.removeIf(g -> Double.isNaN(g.before()) || Double.isNaN(g.after()));
    groups.sort(Comparator.comparingDouble((Group g) -> -Math.abs(g.change())));
    List<Group> shown = groups.subList(0, Math.min(top, groups.size()));
    if (shown.isEmpty()) {
      return;
    }
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("group_by", by);
    content.put("baseline_total", totalBefore);
    content.put("current_total", totalAfter);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Group g : groups) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("group", g.label());
      m.put("baseline", g.before());
      m.put("current", g.after());
      rows.add(m);
    }
    content.put("groups", rows);
    ArtifactRef ref = q.computation("groups_by_" + by.replace('.', '_'), content);
    DisplayFormat format = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String byLabel = context.warehouse().columnLabel(by);
    Group first = shown.get(0);
    Derivation before =
        Derivation.value(first.label() + " baseline", first.before(), ref, "/groups/0/baseline");
    Derivation after =
        Derivation.value(first.label() + " current", first.after(), ref, "/groups/0/current");
    f.figure(
        Figures.of(
            "top_group_change",
            first.label() + ": change",
            unit,
            format,
            Figures.combine(Operation.DIFFERENCE, after, before)));
    boolean share = MetricTraits.additive(metric) && totalAfter != totalBefore;
    if (share) {
      Derivation tb = Derivation.value("baseline total", totalBefore, ref, "/baseline_total");
      Derivation ta = Derivation.value("current total", totalAfter, ref, "/current_total");
      f.figure(
          Figures.of(
              "top_group_share",
              "Share of the total change from " + first.label(),
              "",
              DisplayFormat.percent(1),
              Figures.combine(Operation.CONTRIBUTION, before, after, tb, ta)));
      List<ContributionBars.Bar> bars = new ArrayList<>();
      double change = totalAfter - totalBefore;
      for (Group g : shown) {
        bars.add(new ContributionBars.Bar(g.label(), g.before(), g.after(), g.change() / change));
      }
      f.chart(
          q.chart(
              new ContributionBars(
                  "group_changes", "Change by " + byLabel, by, unit, format, bars, null)));
    } else {
      List<TableData.Row> trs = new ArrayList<>();
      for (Group g : shown) {
        trs.add(new TableData.Row(List.of(g.label()), List.of(g.before(), g.after(), g.change())));
      }
      f.chart(
          q.chart(
              new TableData(
                  "group_changes",
                  "Change by " + byLabel,
                  List.of(by),
                  List.of(
                      new TableData.ValueColumn("baseline", unit, format),
                      new TableData.ValueColumn("current", unit, format),
                      new TableData.ValueColumn("change", unit, format)),
                  trs,
                  null)));
    }
    f.statement(
        "The largest move by {label:"
            + byLabel
            + "} was {label:"
            + first.label()
            + "} with {fig:top_group_change}"
            + (share ? ", {fig:top_group_share} of the total change." : "."));
  }
}
