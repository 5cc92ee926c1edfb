package io.assay.analyses.outliers;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.List;
import java.util.Locale;

/**
 * The bound arguments of one outlier search.
 *
 * @param entity the entity column, {@code table.column}
 * @param direction both, high or low
 * @param time the resolved period; null for all periods
 * @param period the period in words
 */
record OutliersArgs(
    MetricDefinition metric,
    String entity,
    double threshold,
    String direction,
    int limit,
    TimeFilter time,
    String period,
    List<Filter> filters) {

  static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          OutliersPlanArgs.class,
          ArgSpec.required("metric", ArgType.METRIC, "the metric compared across entities"),
          ArgSpec.required(
              "entity",
              ArgType.COLUMN,
              "the entity column as table.column: a key (one row per entity) or a grouping column"),
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

  /** True when a robust z-score lies on the side this search counts. */
  boolean counts(double z) {
    return direction.equals("both") || (direction.equals("high") ? z > 0 : z < 0);
  }

  static OutliersArgs bind(StepArgs raw, AnalysisContext context) {
    Args args = SCHEMA.bind(FindOutliers.NAME, raw, context.catalog());
    MetricDefinition metric = Metrics.require(args, "metric", context);
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
      ColumnRef column = Metrics.timeColumn(args, metric);
      DateRange span = Metrics.span(context, column);
      try {
        Periods.Range r = Periods.resolve(args.timeFilter("time"), span);
        time = r.asFilter();
        period = r.describe();
      } catch (IllegalArgumentException e) {
        throw args.invalid("arg 'time': " + e.getMessage());
      }
    }
    return new OutliersArgs(
        metric, entity, threshold, direction, limit, time, period, args.filters("filters"));
  }
}
