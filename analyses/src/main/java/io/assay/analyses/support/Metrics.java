package io.assay.analyses.support;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.Args;
import io.assay.analyses.MetricTraits;
import io.assay.pick.ColumnRef;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;

/** Looks up the metric an analysis was asked about, and the date span of its time column. */
public final class Metrics {
  private Metrics() {}

  public static MetricDefinition require(Args args, String arg, AnalysisContext context) {
    String name = args.string(arg);
    return context
        .warehouse()
        .metric(name)
        .orElseThrow(() -> args.invalid("arg '" + arg + "': unknown metric '" + name + "'"));
  }

  /**
   * The metric of {@code arg}, which must be a sum or a count: only those split across elements
   * (drill-downs, root-cause searches). {@code advice} is appended to the refusal.
   */
  public static MetricDefinition requireAdditive(
      Args args, String arg, AnalysisContext context, String advice) {
    MetricDefinition metric = require(args, arg, context);
    if (!MetricTraits.additive(metric)) {
      throw args.invalid(
          "metric '"
              + metric.name()
              + "' is not a sum or a count, so its change cannot be split"
              + " across elements"
              + advice);
    }
    return metric;
  }

  /** Requires a time column (a metric over a table without dates cannot make a series). */
  public static ColumnRef timeColumn(Args args, MetricDefinition metric) {
    if (metric.timeColumn() == null) {
      throw args.invalid(
          "metric '" + metric.name() + "' has no time column, so it has no series over time");
    }
    return metric.timeColumn();
  }

  public static DateRange span(AnalysisContext context, ColumnRef column) {
    return context.warehouse().dateSpan(column).orElse(null);
  }

  /** Sentence-case words of the metric, for labels: "Cash withdrawal amount". */
  public static String title(MetricDefinition metric) {
    String w = MetricTraits.words(metric);
    return w.isEmpty() ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1);
  }
}
