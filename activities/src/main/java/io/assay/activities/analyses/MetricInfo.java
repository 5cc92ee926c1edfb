package io.assay.activities.analyses;

/**
 * What an analysis needs to know about a metric to present it.
 *
 * @param format a Python format spec from metrics.yaml, e.g. {@code ,.0f}
 * @param timeColumn the metric's default time column, {@code table.column}
 */
public record MetricInfo(
    String name, String description, String unit, String format, String timeColumn) {}
