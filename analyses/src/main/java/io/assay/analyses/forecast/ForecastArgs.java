package io.assay.analyses.forecast;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Windows;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.List;

/**
 * The bound arguments of one forecast: what to learn from and how far ahead to look.
 *
 * @param history the complete buckets to learn from
 */
record ForecastArgs(
    MetricDefinition metric,
    ColumnRef timeColumn,
    TimeGrain grain,
    int horizon,
    Periods.Range history,
    List<Filter> filters) {

  static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          ForecastPlanArgs.class,
          ArgSpec.required("metric", ArgType.METRIC, "the metric to forecast"),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "bucket of the series", "month"),
          ArgSpec.optional("horizon", ArgType.INTEGER, "buckets to forecast, 1..60", 6),
          ArgSpec.optional(
              "time", ArgType.TIME_FILTER, "history to learn from; all data by default", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows", null));

  /** Validates the plan's args against the schema and the data's date range. */
  static ForecastArgs bind(StepArgs raw, AnalysisContext context) {
    Args args = SCHEMA.bind(ForecastAnalysis.NAME, raw, context.catalog());
    MetricDefinition metric = Metrics.require(args, "metric", context);
    ColumnRef timeColumn = Metrics.timeColumn(args, metric);
    TimeGrain grain = args.grain("grain");
    int horizon = args.integer("horizon");
    if (horizon < 1 || horizon > 60) {
      throw args.invalid("arg 'horizon' must be between 1 and 60, got " + horizon);
    }
    DateRange span = Metrics.span(context, timeColumn);
    Periods.Range history;
    if (args.has("time")) {
      history = Windows.complete(args, "time", grain, span);
    } else {
      if (span == null) {
        throw args.invalid("give 'time': the data's date range is not known for " + timeColumn);
      }
      history = Windows.trim(args, "time", new Periods.Range(span.min(), span.max()), grain, span);
    }
    return new ForecastArgs(metric, timeColumn, grain, horizon, history, args.filters("filters"));
  }
}
