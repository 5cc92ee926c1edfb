package io.assay.analyses.drill;

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
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Windows;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code drill_down}: explains a change of an additive metric in one period. Per candidate
 * dimension, each element's actual value against what was expected of it: its own one-step baseline
 * over its history (every candidate's series read in one grouped scan where they can share one),
 * else the forecast total split by its usual share, or a comparison period; Adtributor picks the
 * dimension and elements that explain the change; the drill-down then descends into the top element
 * with the remaining candidate dimensions (never others), and stops when Adtributor finds nothing
 * more that explains the change, the candidates run out or the depth limit is hit.
 *
 * <p>The steps: arguments bound and checked ({@link DrillArgs}), the period and its expectation
 * ({@link Baseline}), the levels read and computed ({@link Descent}), the finding described ({@link
 * DrillDescription}).
 */
public final class DrillDown implements Analysis {
  public static final String NAME = "drill_down";

  private static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          DrillPlanArgs.class,
          ArgSpec.required("metric", ArgType.METRIC, "an additive metric (a sum or a count)"),
          ArgSpec.required(
              "dimensions",
              ArgType.COLUMN_LIST,
              "candidate dimensions as table.column, in order of preference"),
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

  /** What reports and pages call it. */
  @Override
  public String title() {
    return "Drill-down";
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

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    String stepId = context.stepId(NAME);
    // No period and no window: ask which period, unless a person already answered.
    Optional<StepArgs> withPeriod = PeriodQuestion.resolve(args, rawArgs, stepId, context);
    if (withPeriod.isEmpty()) {
      return PeriodQuestion.asking(NAME, args, stepId, context);
    }
    args = SCHEMA.bind(NAME, withPeriod.get(), context.catalog());
    DrillArgs bound = DrillArgs.bind(args, context);
    MetricDefinition metric = bound.metric();
    TimeGrain grain = bound.grain();
    DateRange span = bound.span();
    List<String> dimensions = bound.dimensions();

    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Explain the change of "
            + MetricTraits.words(metric)
            + " across "
            + String.join(", ", dimensions)
            + ".");
    Baseline base;
    SliceSeries.Cache slices = new SliceSeries.Cache();
    try {
      base =
          Baseline.resolve(
              args,
              context,
              q,
              metric,
              grain,
              span,
              bound.filters(),
              dimensions,
              bound.sharePeriods(),
              slices);
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
    Descent d = Descent.descend(q, slices, bound, own, base, path);
    List<DrillLevel> levels = d.levels();
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
            MetricTraits.words(metric)
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
                  + MetricTraits.words(metric)
                  + " in "
                  + base.actual().describe()
                  + ": "
                  + stop
                  + ".")
          .nextStep(
              "Try other candidate dimensions, or a multi-dimensional root-cause search for"
                  + " combinations.")
          .build(FindingStatus.EMPTY);
    }
    DrillDescription.describe(f, q, context, metric, base, levels, stop);
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }
}
