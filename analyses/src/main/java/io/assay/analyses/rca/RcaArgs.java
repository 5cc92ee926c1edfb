package io.assay.analyses.rca;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.support.Metrics;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.List;
import java.util.Locale;

/**
 * The bound arguments of one root-cause search across dimensions.
 *
 * @param args the bound arguments as given (the period they name is resolved by {@link
 *     io.assay.analyses.drill.Baseline})
 * @param dims the dimensions combined, lower case
 * @param span the dates the metric's time column covers
 */
record RcaArgs(
    Args args,
    MetricDefinition metric,
    List<String> dims,
    int maxElements,
    double threshold,
    int sharePeriods,
    double minLeafShare,
    TimeGrain grain,
    DateRange span,
    List<Filter> filters) {

  static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          RcaPlanArgs.class,
          ArgSpec.required("metric", ArgType.METRIC, "an additive metric (a sum or a count)"),
          ArgSpec.required(
              "dimensions",
              ArgType.COLUMN_LIST,
              "two to five dimensions to combine, each a table.column"),
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

  /** Binds and checks {@code raw} (with its period already resolved). */
  static RcaArgs bind(StepArgs raw, AnalysisContext context) {
    Args args = SCHEMA.bind(MultiDimensionalRca.NAME, raw, context.catalog());
    MetricDefinition metric = Metrics.requireAdditive(args, "metric", context, "");
    ColumnRef timeColumn = Metrics.timeColumn(args, metric);
    List<String> dims =
        args.strings("dimensions").stream().map(d -> d.toLowerCase(Locale.ROOT)).toList();
    if (dims.size() < 2 || dims.size() > 5) {
      throw args.invalid(
          "arg 'dimensions' needs two to five dimensions, got "
              + dims.size()
              + (dims.size() == 1 ? " — use a drill-down for one" : ""));
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
    return new RcaArgs(
        args,
        metric,
        dims,
        maxElements,
        threshold,
        sharePeriods,
        minLeafShare,
        args.grain("grain"),
        Metrics.span(context, timeColumn),
        args.filters("filters"));
  }

  /** The dimensions in words: {@code a × b}. */
  String crossed() {
    return String.join(" × ", dims);
  }
}
