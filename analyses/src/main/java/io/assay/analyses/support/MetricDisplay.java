package io.assay.analyses.support;

import io.assay.contract.finding.DisplayFormat;
import io.assay.recon.MetricDefinition;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a metric's values are written: the display format from its Python format spec in metrics.yaml
 * ({@code ,.0f} → grouped, no decimals) and its unit.
 */
public final class MetricDisplay {
  private static final Pattern SPEC = Pattern.compile("(,)?(?:\\.(\\d))?([fdg%])?");

  private MetricDisplay() {}

  /** The metric's display format; two decimals when the spec is absent or not understood. */
  public static DisplayFormat format(MetricDefinition metric) {
    return format(metric.format());
  }

  public static DisplayFormat format(String spec) {
    if (spec == null || spec.isBlank()) {
      return DisplayFormat.grouped(2);
    }
    Matcher m = SPEC.matcher(spec.strip());
    if (!m.matches()) {
      return DisplayFormat.grouped(2);
    }
    boolean grouped = m.group(1) != null;
    String type = m.group(3) == null ? "f" : m.group(3);
    int decimals =
        switch (type) {
          case "d" -> 0;
          default -> m.group(2) == null ? (type.equals("f") ? 6 : 2) : Integer.parseInt(m.group(2));
        };
    if (type.equals("%")) {
      return DisplayFormat.percent(Math.min(decimals, 6));
    }
    decimals = Math.min(decimals, 6);
    return grouped ? DisplayFormat.grouped(decimals) : DisplayFormat.number(decimals);
  }

  /** A format for derived values of the metric (differences keep it; averages get two decimals). */
  public static DisplayFormat averaged(MetricDefinition metric) {
    DisplayFormat f = format(metric);
    return f.style() == DisplayFormat.Style.PERCENT
        ? f
        : new DisplayFormat(f.style(), Math.max(f.decimals(), 2));
  }

  /** Unit written after values, "" for none; "percent" metrics are written with a % word. */
  public static String unit(MetricDefinition metric) {
    return metric.unit() == null ? "" : metric.unit().strip();
  }
}
