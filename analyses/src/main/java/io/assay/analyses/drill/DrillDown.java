package io.assay.analyses.drill;

import io.assay.algorithms.adtributor.Adtributor;
import io.assay.algorithms.adtributor.AdtributorOutput;
import io.assay.algorithms.adtributor.AdtributorParams;
import io.assay.algorithms.adtributor.AdtributorStatus;
import io.assay.algorithms.adtributor.DimensionTable;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.CueWords;
import io.assay.analyses.MetricInfo;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Windows;
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
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code drill_down}: explains a change of an additive metric in one period. Per candidate
 * dimension, a composed group-by of the actual period and of the baseline (what was expected: the
 * forecast total split by each element's usual share, or a comparison period); Adtributor picks the
 * dimension and elements that explain the change; the drill-down then descends into the top element
 * with the remaining candidate dimensions (never others), and stops when Adtributor finds nothing
 * more that explains the change, the candidates run out or the depth limit is hit.
 */
public final class DrillDown implements Analysis {
  public static final String NAME = "drill_down";
  private static final int MAX_BARS = 12;
  private static final int MAX_DIMENSIONS = 8;

  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "an additive metric (a sum or a count)"),
          ArgSpec.required(
              "dimensions",
              ArgType.COLUMN_LIST,
              "candidate dimensions in order of preference, e.g. district.a2, trans.operation"),
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
              "buckets before the period that set each element's usual share",
              12),
          ArgSpec.optional("max_depth", ArgType.INTEGER, "dimensions to descend at most", 3),
          ArgSpec.optional(
              "tep", ArgType.NUMBER, "share of the change a root cause must explain (0..1)", 0.7),
          ArgSpec.optional(
              "teep", ArgType.NUMBER, "share of the change an element must explain to count", 0.02),
          ArgSpec.optional(
              "issue_type",
              ArgType.STRING,
              "drop or rise; by default the direction of the change",
              null));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public CueWords cues() {
    return CueWords.of(
        CueWords.Cue.of(
            "DRILL_DOWN",
            "why it changed: split the change by the columns that explain it",
            "drill down",
            "drill into",
            "drill",
            "break down",
            "break it down",
            "break that down",
            "break them down",
            "breakdown",
            "root cause",
            "root causes",
            "why",
            "what explains",
            "explain",
            "explains",
            "driver",
            "drivers",
            "contributed",
            "caused",
            "cause",
            "causes",
            "drove",
            "drives",
            "driving",
            "what is behind",
            "what was behind",
            "reason for",
            "reasons for",
            "responsible"));
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(DrillPlanning.ENTRY);
  }

  @Override
  public String description() {
    return "Explains a change of an additive metric in one period: which element of which"
        + " candidate dimension (then within it, which element of the next) accounts for it.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  /** One level of the descent. */
  private record Level(
      int number,
      String dimension,
      List<String> rootCause,
      List<Attribution.Row> rows,
      double predictTotal,
      double realTotal,
      ArtifactRef ref,
      String parent) {
    Attribution.Row row(String element) {
      for (Attribution.Row r : rows) {
        if (r.element().equals(element)) {
          return r;
        }
      }
      throw new IllegalStateException("element " + element + " is not in level " + number);
    }

    int index(String element) {
      return rows.indexOf(row(element));
    }
  }

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
    MetricInfo metric =
        Metrics.requireAdditive(
            args, "metric", context, "; drill into the sum or count it is built from");
    String timeColumn = Metrics.timeColumn(args, metric);
    List<String> dimensions = new ArrayList<>(args.strings("dimensions"));
    checkLimits(args, dimensions);
    int sharePeriods = args.integer("share_periods");
    int maxDepth = args.integer("max_depth");
    double tep = args.number("tep");
    double teep = args.number("teep");
    String issueArg = args.string("issue_type");
    TimeGrain grain = args.grain("grain");
    DateRange span = Metrics.span(context, timeColumn);
    List<Filter> filters = new ArrayList<>(args.filters("filters"));

    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Explain the change of "
            + metric.words()
            + " across "
            + String.join(", ", dimensions)
            + ".");
    Baseline base;
    SliceSeries.Cache slices = new SliceSeries.Cache();
    try {
      base =
          Baseline.resolve(
              args, context, q, metric, grain, span, filters, dimensions, sharePeriods, slices);
    } catch (Baseline.NothingToExplain e) {
      q.stored().forEach(f::artifact);
      return f.error("Nothing to drill into: " + e.getMessage() + ".")
          .nextStep("Give the period to explain as 'actual'.")
          .build(FindingStatus.FAILED);
    }
    if (base.quiet()) {
      return NotNeeded.finding(f, q, metric, base, "drill-down");
    }

    List<String> path = new ArrayList<>();
    path.add(base.how());
    // Each element against its own one-step baseline, over history before the period explained.
    Periods.Range history =
        base.expectedMode()
            ? Windows.before(base.actual(), grain, Baseline.FORECAST_HISTORY, span)
            : null;
    Periods.Range own =
        history == null ? null : new Periods.Range(history.from(), base.actual().to());
    Descent d =
        descend(
            q,
            slices,
            metric,
            grain,
            own,
            base,
            filters,
            dimensions,
            maxDepth,
            tep,
            teep,
            issueArg,
            path);
    List<Level> levels = d.levels();
    String stop = d.stop();
    long rowsRead = d.rowsRead();
    boolean ownUsed = d.own();
    if (ownUsed && base.shareWindow() != null) {
      // Each element was judged against its own baseline, not split from the total by its share.
      path.set(
          0,
          base.how()
              .replace(
                  ", split by each element's share in " + base.shareWindow().describe(),
                  ", each element against its own one-step baseline"));
    }
    path.add("stop: " + stop);
    f.keyPath(String.join(" → ", path));
    f.data(
        new DataDescription(
            metric.words()
                + " in "
                + base.actual().describe()
                + " and its baseline, grouped by each"
                + " candidate dimension at each level: "
                + levels.size()
                + " level(s) explained",
            rowsRead,
            List.of("element", "expected", "actual")));
    if (levels.isEmpty()) {
      q.stored().forEach(f::artifact);
      return f.error(
              "No candidate dimension explains the change of "
                  + metric.words()
                  + " in "
                  + base.actual().describe()
                  + ": "
                  + stop
                  + ".")
          .nextStep("Try other candidate dimensions, or multi_dimensional_rca for combinations.")
          .build(FindingStatus.EMPTY);
    }
    describe(f, q, context, metric, base, levels, stop);
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  /** The limits on the drill-down's own arguments, each broken one named. */
  private static void checkLimits(Args args, List<String> dimensions) {
    if (dimensions.size() > MAX_DIMENSIONS) {
      throw args.invalid(
          "at most " + MAX_DIMENSIONS + " candidate dimensions, got " + dimensions.size());
    }
    int sharePeriods = args.integer("share_periods");
    int maxDepth = args.integer("max_depth");
    double tep = args.number("tep");
    double teep = args.number("teep");
    if (sharePeriods < 1 || sharePeriods > 520) {
      throw args.invalid("arg 'share_periods' must be between 1 and 520, got " + sharePeriods);
    }
    if (maxDepth < 1 || maxDepth > MAX_DIMENSIONS) {
      throw args.invalid(
          "arg 'max_depth' must be between 1 and " + MAX_DIMENSIONS + ", got " + maxDepth);
    }
    if (!(tep > 0 && tep <= 1) || !(teep >= 0 && teep < 1)) {
      throw args.invalid("arg 'tep' must be in (0, 1] and 'teep' in [0, 1)");
    }
    String issueArg = args.string("issue_type");
    if (issueArg != null
        && !issueArg.equalsIgnoreCase(AdtributorParams.DROP)
        && !issueArg.equalsIgnoreCase(AdtributorParams.RISE)) {
      throw args.invalid("arg 'issue_type' must be drop or rise, got " + issueArg);
    }
  }

  /** The levels of a descent, why it stopped, the rows read, whether own baselines were used. */
  private record Descent(List<Level> levels, String stop, long rowsRead, boolean own) {}

  /**
   * Descends from the whole into the element that explains the change, level by level, until
   * nothing more is explained, the candidates run out or the depth limit is reached.
   */
  private static Descent descend(
      StepQueries q,
      SliceSeries.Cache slices,
      MetricInfo metric,
      TimeGrain grain,
      Periods.Range own,
      Baseline base,
      List<Filter> filters,
      List<String> dimensions,
      int maxDepth,
      double tep,
      double teep,
      String issueArg,
      List<String> path) {
    boolean ownUsed = false;
    List<Level> levels = new ArrayList<>();
    Set<String> candidates = new LinkedHashSet<>(dimensions);
    List<Filter> subset = new ArrayList<>(filters);
    Double subsetExpected = base.expectedTotal();
    String parent = null;
    String stop = null;
    long rowsRead = 0;
    while (stop == null) {
      if (candidates.isEmpty()) {
        stop = "no candidate dimension left";
        break;
      }
      if (levels.size() >= maxDepth) {
        stop = "depth limit " + maxDepth + " reached";
        break;
      }
      int number = levels.size() + 1;
      LevelRows loaded =
          loadLevel(
              q,
              slices,
              number,
              metric,
              grain,
              own,
              base,
              subset,
              subsetExpected,
              candidates,
              path);
      Map<String, DimensionTable> tables = loaded.tables();
      Map<String, List<Attribution.Row>> rowsByDim = loaded.rowsByDim();
      double predictTotal = loaded.predictTotal();
      double realTotal = loaded.realTotal();
      rowsRead += loaded.rowsRead();
      ownUsed |= loaded.own();
      if (tables.isEmpty()) {
        stop =
            "no candidate dimension splits the "
                + (parent == null ? "change" : "element " + parent);
        break;
      }
      if (Math.abs(realTotal - predictTotal) < 1e-9 * Math.max(1, Math.abs(predictTotal))) {
        stop = "no change left to explain";
        break;
      }
      // The direction: as asked, else as located (the trend's interval or the slice that stood
      // out), else the sign of the change.
      Object located = base.evidence().get("located_direction");
      String issue =
          issueArg != null
              ? issueArg.toLowerCase(Locale.ROOT)
              : located != null && levels.isEmpty()
                  ? located.toString()
                  : realTotal < predictTotal ? AdtributorParams.DROP : AdtributorParams.RISE;
      AdtributorOutput out =
          Adtributor.analyse(
              tables,
              // Every dimension's root cause, so the choice among them below sees them all.
              AdtributorParams.defaults(false)
                  .withTep(tep)
                  .withTeep(teep)
                  .withIssueType(issue)
                  .withK(tables.size()));
      if (out.status() != AdtributorStatus.SUCCESS || out.rootCauses().isEmpty()) {
        stop = "nothing more is explained (" + Attribution.reasons(out) + ")";
        if (levels.isEmpty()) {
          storeLevelDetails(q, number, out, rowsByDim);
        }
        break;
      }
      String dim = Attribution.finest(out.rootCauses(), rowsByDim);
      List<Attribution.Row> rows = rowsByDim.get(dim);
      double pt = rows.stream().mapToDouble(Attribution.Row::predict).sum();
      double rt = rows.stream().mapToDouble(Attribution.Row::real).sum();
      List<String> elements = Attribution.byShare(rows, tep, teep);
      ArtifactRef ref = storeLevel(q, number, dim, elements, rows, pt, rt, out, parent);
      Level level = new Level(number, dim, elements, rows, pt, rt, ref, parent);
      levels.add(level);
      Attribution.Row top = level.row(elements.get(0));
      path.add(dim + " → " + String.join(", ", elements));
      candidates.remove(dim);
      subset.add(Breakdown.equalTo(dim, top.raw()));
      subsetExpected = top.predict();
      parent = top.element();
    }
    return new Descent(levels, stop, rowsRead, ownUsed);
  }

  /** The rows of every candidate dimension for one level, and the totals of the last loaded. */
  private record LevelRows(
      Map<String, DimensionTable> tables,
      Map<String, List<Attribution.Row>> rowsByDim,
      double predictTotal,
      double realTotal,
      long rowsRead,
      boolean own) {}

  /**
   * Each candidate dimension's rows at level {@code number}: its elements against their own
   * baselines when there is history for them ({@code own}), else the actual period against the
   * usual mix (or the comparison period); dimensions that cannot split are noted in {@code path}.
   */
  private static LevelRows loadLevel(
      StepQueries q,
      SliceSeries.Cache slices,
      int number,
      MetricInfo metric,
      TimeGrain grain,
      Periods.Range own,
      Baseline base,
      List<Filter> subset,
      Double subsetExpected,
      Set<String> candidates,
      List<String> path) {
    boolean ownUsed = false;
    long rowsRead = 0;
    Map<String, DimensionTable> tables = new LinkedHashMap<>();
    Map<String, List<Attribution.Row>> rowsByDim = new LinkedHashMap<>();
    double predictTotal = 0;
    double realTotal = 0;
    if (own != null) {
      // Every candidate's series in one scan where they can share one, not a scan each.
      slices.readAll(
          q,
          d -> "level " + number + " series by " + d,
          metric.name(),
          grain,
          own,
          subset,
          candidates,
          true);
    }
    for (String dim : candidates) {
      List<Attribution.Row> mine =
          own == null
              ? null
              : Attribution.ownRows(q, slices, number, metric, grain, own, base, subset, dim);
      if (mine != null) {
        ownUsed = true;
        if (mine.size() < 2) {
          path.add(dim + ": skipped, a single element");
          continue;
        }
        rowsByDim.put(dim, mine);
        tables.put(dim, Attribution.table(mine));
        predictTotal = mine.stream().mapToDouble(Attribution.Row::predict).sum();
        realTotal = mine.stream().mapToDouble(Attribution.Row::real).sum();
        continue;
      }
      Breakdown actual =
          Breakdown.load(
              q,
              "level " + number + " actual by " + dim,
              metric.name(),
              List.of(dim),
              base.actual().asFilter(),
              subset);
      Periods.Range reference = base.expectedMode() ? base.shareWindow() : base.baseline();
      Breakdown before =
          Breakdown.load(
              q,
              "level " + number + (base.expectedMode() ? " usual mix by " : " baseline by ") + dim,
              metric.name(),
              List.of(dim),
              reference.asFilter(),
              subset);
      rowsRead += actual.entries().size() + before.entries().size();
      List<Attribution.Row> rows =
          Attribution.rows(actual, before, base.expectedMode() ? subsetExpected : null);
      if (rows == null || rows.size() < 2) {
        path.add(
            dim + ": skipped, " + (rows == null ? "no usual mix to split by" : "a single element"));
        continue;
      }
      rowsByDim.put(dim, rows);
      tables.put(dim, Attribution.table(rows));
      predictTotal = rows.stream().mapToDouble(Attribution.Row::predict).sum();
      realTotal = rows.stream().mapToDouble(Attribution.Row::real).sum();
    }
    return new LevelRows(tables, rowsByDim, predictTotal, realTotal, rowsRead, ownUsed);
  }

  private static double share(Attribution.Row r, Level level) {
    return Attribution.shares(level.rows())[level.rows().indexOf(r)];
  }

  private static ArtifactRef storeLevel(
      StepQueries q,
      int number,
      String dim,
      List<String> elements,
      List<Attribution.Row> rows,
      double predictTotal,
      double realTotal,
      AdtributorOutput out,
      String parent) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("level", number);
    content.put("dimension", dim);
    content.put("within", parent);
    content.put("root_cause", elements);
    content.put("predict_total", predictTotal);
    content.put("real_total", realTotal);
    List<Map<String, Object>> list = new ArrayList<>();
    for (Attribution.Row r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("element", r.element());
      m.put("predict", r.predict());
      m.put("real", r.real());
      m.put("allowance", r.allowance());
      list.add(m);
    }
    content.put("elements", list);
    content.put("shares", java.util.Arrays.stream(Attribution.shares(rows)).boxed().toList());
    content.put("adtributor", Attribution.adtributorJson(out));
    return q.computation("level_" + number, content);
  }

  private static void storeLevelDetails(
      StepQueries q,
      int number,
      AdtributorOutput out,
      Map<String, List<Attribution.Row>> rowsByDim) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("level", number);
    content.put("adtributor", Attribution.adtributorJson(out));
    content.put("dimensions", List.copyOf(rowsByDim.keySet()));
    q.computation("level_" + number + "_unexplained", content);
  }

  private void describe(
      Finding.Builder f,
      StepQueries q,
      AnalysisContext context,
      MetricInfo metric,
      Baseline base,
      List<Level> levels,
      String stop) {
    DisplayFormat valueFormat = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String title = Metrics.title(metric);
    String expectedWord = base.expectedMode() ? "expected" : "baseline";
    String period =
        base.actual().isoPeriod() != null
            ? "{date:" + base.actual().isoPeriod() + "}"
            : "{date:" + base.actual().from() + "} to {date:" + base.actual().to() + "}";

    Level first = levels.get(0);
    Derivation totalActual =
        Derivation.value("actual total", first.realTotal(), first.ref(), "/real_total");
    Derivation totalExpected =
        Derivation.value(
            expectedWord + " total", first.predictTotal(), first.ref(), "/predict_total");
    f.figure(
        Figures.of(
            "total_actual",
            title + " in " + base.actual().describe(),
            unit,
            valueFormat,
            totalActual));
    f.figure(
        Figures.of(
            "total_expected",
            (base.expectedMode() ? "Expected " : "Baseline ")
                + metric.words()
                + " for "
                + base.actual().describe(),
            unit,
            valueFormat,
            totalExpected));
    f.figure(
        Figures.of(
            "total_change",
            "Actual minus " + expectedWord,
            unit,
            valueFormat,
            Figures.combine(Operation.DIFFERENCE, totalActual, totalExpected)));
    if (base.scanScore() != null) {
      ArtifactRef located = q.computation("located_period", base.evidence());
      f.figure(
          Figures.of(
              "located_score",
              "Anomaly score of the period drilled into (deviation in typical errors of its"
                  + " baseline)",
              "",
              DisplayFormat.number(1),
              Derivation.value("located score", base.scanScore(), located, "/located_score")));
      Object slice = base.evidence().get("located_slice");
      if (slice != null) {
        f.statement(
            "The total did not stand out, but the slice {label:"
                + slice
                + "} did, in "
                + period
                + " (anomaly score {fig:located_score}).");
      } else {
        f.statement(
            "The drill-down explains "
                + period
                + ", "
                + base.evidence().getOrDefault("located_by", "the located interval")
                + " (anomaly score {fig:located_score}).");
      }
    } else if (!base.evidence().isEmpty()) {
      q.computation("expected_total", base.evidence());
    }
    f.statement(
        "{label:"
            + title
            + "} in "
            + period
            + " was {fig:total_actual} against "
            + (base.expectedMode() ? "an expected" : "a baseline of")
            + " {fig:total_expected}, a difference of {fig:total_change}.");

    for (Level level : levels) {
      describeLevel(f, q, context, metric, base, level);
    }
    Level last = levels.get(levels.size() - 1);
    f.nextStep(
        "Look at what changed for "
            + last.dimension()
            + " = "
            + last.rootCause().get(0)
            + " in that period ("
            + stop
            + ").");
    if (levels.size() == 1) {
      f.nextStep("Add candidate dimensions to descend further, or try multi_dimensional_rca.");
    }
  }

  /** One level in words and figures: its leading element, the others named, its bars. */
  private static void describeLevel(
      Finding.Builder f,
      StepQueries q,
      AnalysisContext context,
      MetricInfo metric,
      Baseline base,
      Level level) {
    DisplayFormat valueFormat = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String expectedWord = base.expectedMode() ? "expected" : "baseline";
    String p = "l" + level.number() + "_";
    Attribution.Row top = level.row(level.rootCause().get(0));
    int k = level.index(top.element());
    Derivation real =
        Derivation.value(
            top.element() + " actual", top.real(), level.ref(), "/elements/" + k + "/real");
    Derivation predict =
        Derivation.value(
            top.element() + " " + expectedWord,
            top.predict(),
            level.ref(),
            "/elements/" + k + "/predict");
    Derivation realTotal =
        Derivation.value("actual total", level.realTotal(), level.ref(), "/real_total");
    Derivation predictTotal =
        Derivation.value(
            expectedWord + " total", level.predictTotal(), level.ref(), "/predict_total");
    String dimLabel = context.warehouse().columnLabel(level.dimension());
    // With every element's expectation a share of the total, the share is the plain
    // contribution; with their own baselines, the share of the change beyond ordinary noise.
    boolean plain = level.rows().stream().allMatch(r -> r.allowance() == 0);
    f.figure(
        Figures.of(
            p + "share",
            "Share of the change explained by " + level.dimension() + " = " + top.element(),
            "",
            DisplayFormat.percent(1),
            plain
                ? Figures.combine(Operation.CONTRIBUTION, predict, real, predictTotal, realTotal)
                : Derivation.value(
                    top.element() + " share", share(top, level), level.ref(), "/shares/" + k)));
    f.figure(Figures.of(p + "actual", top.element() + ": actual", unit, valueFormat, real));
    f.figure(
        Figures.of(
            p + "expected", top.element() + ": " + expectedWord, unit, valueFormat, predict));
    boolean pct = top.predict() != 0;
    if (pct) {
      f.figure(
          Figures.of(
              p + "change_pct",
              top.element() + ": change against " + expectedWord,
              "",
              DisplayFormat.percent(1),
              Figures.combine(Operation.GROWTH, predict, real)));
    }
    f.statement(
        "{label:"
            + dimLabel
            + "} {label:"
            + top.element()
            + "} explains {fig:"
            + p
            + "share} of the"
            + " change"
            + (level.parent() == null ? "" : " within {label:" + level.parent() + "}")
            + ": {fig:"
            + p
            + "actual} against "
            + (base.expectedMode() ? "an expected" : "a baseline of")
            + " {fig:"
            + p
            + "expected}"
            + (pct ? " ({fig:" + p + "change_pct})." : "."));
    others(f, level, dimLabel);
    f.chart(q.chart(bars(level, dimLabel, metric, valueFormat)));
  }

  /** The second and third elements in words, and whether any element explains a third. */
  private static void others(Finding.Builder f, Level level, String dimLabel) {
    String p = "l" + level.number() + "_";
    List<String> named = new ArrayList<>();
    for (int i = 1; i < Math.min(3, level.rootCause().size()); i++) {
      Attribution.Row r = level.row(level.rootCause().get(i));
      String id = p + "share_" + (i + 1);
      f.figure(
          Figures.of(
              id,
              "Share of the change explained by " + level.dimension() + " = " + r.element(),
              "",
              DisplayFormat.percent(1),
              Derivation.value(
                  r.element() + " share",
                  share(r, level),
                  level.ref(),
                  "/shares/" + level.index(r.element()))));
      named.add("{label:" + r.element() + "} ({fig:" + id + "})");
    }
    if (!named.isEmpty()) {
      f.statement(
          "Also part of the root cause along {label:"
              + dimLabel
              + "}: "
              + String.join(" and ", named)
              + (level.rootCause().size() > 3 ? "; the other elements are in the chart." : "."));
    }
    double max = 0;
    for (Attribution.Row r : level.rows()) {
      max = Math.max(max, share(r, level));
    }
    if (max <= 1.0 / 3) {
      f.statement(
          "No single {label:"
              + dimLabel
              + "} explains more than a third of the change: it is spread across many.");
    }
  }

  private static ContributionBars bars(
      Level level, String dimLabel, MetricInfo metric, DisplayFormat valueFormat) {
    List<Attribution.Row> sorted = new ArrayList<>(level.rows());
    sorted.sort(Comparator.comparingDouble((Attribution.Row r) -> -share(r, level)));
    List<ContributionBars.Bar> bars = new ArrayList<>();
    for (Attribution.Row r : sorted.subList(0, Math.min(MAX_BARS, sorted.size()))) {
      bars.add(new ContributionBars.Bar(r.element(), r.predict(), r.real(), share(r, level)));
    }
    return new ContributionBars(
        "drill_level_" + level.number(),
        "Share of the change by "
            + dimLabel
            + (level.parent() == null ? "" : " within " + level.parent()),
        level.dimension(),
        MetricDisplay.unit(metric),
        valueFormat,
        bars,
        null);
  }
}
