package io.assay.analyses;

/**
 * What an analysis needs to know about a metric to query and present it.
 *
 * @param format a Python format spec from metrics.yaml, e.g. {@code ,.0f}; may be null
 * @param timeColumn the metric's default time column, {@code table.column}; null when it has none
 * @param additive the metric is a sum or a count: it adds up over disjoint groups and periods, and
 *     a period or group without rows is 0 (averages, ratios and shares are not additive)
 * @param counts the metric counts rows (events, accounts, cards): its values are whole numbers that
 *     wobble by about their square root
 */
public record MetricInfo(
    String name,
    String description,
    String unit,
    String format,
    String timeColumn,
    boolean additive,
    boolean counts) {
  public MetricInfo {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("metric info needs a name");
    }
    description = description == null ? "" : description.strip();
    unit = unit == null ? "" : unit.strip();
  }

  /** "cash withdrawal amount" for {@code cash_withdrawal_amount}. */
  public String words() {
    return name.replace('_', ' ');
  }
}
