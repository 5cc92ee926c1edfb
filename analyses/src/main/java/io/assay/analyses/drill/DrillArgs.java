package io.assay.analyses.drill;

import io.assay.algorithms.adtributor.AdtributorParams;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.Args;
import io.assay.analyses.support.Metrics;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.ArrayList;
import java.util.List;

/**
 * A drill-down's arguments, bound and checked: the metric (a sum or a count with a time column),
 * the candidate dimensions, the grain and filters, and the limits of the descent.
 *
 * @param span the first and last date of the metric's time column
 * @param issueType drop or rise as asked, else null (the direction of the change)
 */
record DrillArgs(
    MetricDefinition metric,
    List<String> dimensions,
    TimeGrain grain,
    DateRange span,
    List<Filter> filters,
    int sharePeriods,
    int maxDepth,
    double tep,
    double teep,
    String issueType) {
  static final int MAX_DIMENSIONS = 8;

  DrillArgs {
    dimensions = List.copyOf(dimensions);
    filters = List.copyOf(filters);
  }

  static DrillArgs bind(Args args, AnalysisContext context) {
    MetricDefinition metric =
        Metrics.requireAdditive(
            args, "metric", context, "; drill into the sum or count it is built from");
    ColumnRef timeColumn = Metrics.timeColumn(args, metric);
    List<String> dimensions = new ArrayList<>(args.strings("dimensions"));
    checkLimits(args, dimensions);
    return new DrillArgs(
        metric,
        dimensions,
        args.grain("grain"),
        Metrics.span(context, timeColumn),
        new ArrayList<>(args.filters("filters")),
        args.integer("share_periods"),
        args.integer("max_depth"),
        args.number("tep"),
        args.number("teep"),
        args.string("issue_type"));
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
}
