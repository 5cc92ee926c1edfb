package io.assay.analyses.correlate;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Windows;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.ArrayList;
import java.util.List;

/**
 * The bound arguments of one correlation.
 *
 * @param ranges the complete buckets of each metric, in the order of {@code metrics}
 */
record CorrelateArgs(
    List<MetricDefinition> metrics,
    List<Periods.Range> ranges,
    TimeGrain grain,
    List<Filter> filters) {

  static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          CorrelatePlanArgs.class,
          ArgSpec.required("metrics", ArgType.METRIC_LIST, "two to five metrics to correlate"),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "bucket of the series", "month"),
          ArgSpec.optional(
              "time", ArgType.TIME_FILTER, "period to correlate over; all data by default", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows of every metric", null));

  List<String> names() {
    return metrics.stream().map(MetricDefinition::name).toList();
  }

  static CorrelateArgs bind(StepArgs raw, AnalysisContext context) {
    Args args = SCHEMA.bind(Correlate.NAME, raw, context.catalog());
    List<String> names = args.strings("metrics");
    if (names.size() < 2 || names.size() > 5) {
      throw args.invalid("arg 'metrics' needs two to five metrics, got " + names.size());
    }
    List<MetricDefinition> metrics = new ArrayList<>();
    for (String n : names) {
      MetricDefinition m =
          context
              .warehouse()
              .metric(n)
              .orElseThrow(() -> args.invalid("unknown metric '" + n + "'"));
      Metrics.timeColumn(args, m);
      metrics.add(m);
    }
    TimeGrain grain = args.grain("grain");
    List<Periods.Range> ranges = new ArrayList<>();
    for (MetricDefinition m : metrics) {
      DateRange span = Metrics.span(context, m.timeColumn());
      if (args.has("time")) {
        ranges.add(Windows.complete(args, "time", grain, span));
      } else {
        if (span == null) {
          throw args.invalid("give 'time': the date range of " + m.timeColumn() + " is not known");
        }
        ranges.add(
            Windows.trim(args, "time", new Periods.Range(span.min(), span.max()), grain, span));
      }
    }
    return new CorrelateArgs(metrics, ranges, grain, args.filters("filters"));
  }
}
