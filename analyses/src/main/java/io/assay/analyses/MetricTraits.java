package io.assay.analyses;

import io.assay.pick.Aggregation;
import io.assay.recon.MetricDefinition;

/**
 * What analyses read off recon's {@link MetricDefinition} beyond its fields: whether its values add
 * up, whether they count rows, and its name in words. Derived here rather than stored, so a metric
 * has one description, recon's.
 */
public final class MetricTraits {
  private MetricTraits() {}

  /**
   * A sum or a count: it adds up over disjoint groups and periods, and a period or group without
   * rows is 0 (averages, ratios and shares are not additive).
   */
  public static boolean additive(MetricDefinition m) {
    return m instanceof MetricDefinition.Aggregate a
        && (a.aggregation() == Aggregation.SUM || a.aggregation() == Aggregation.COUNT);
  }

  /**
   * It counts rows (events, accounts, cards): its values are whole numbers that wobble by about
   * their square root.
   */
  public static boolean counts(MetricDefinition m) {
    return m instanceof MetricDefinition.Aggregate a
        && (a.aggregation() == Aggregation.COUNT || a.aggregation() == Aggregation.COUNT_DISTINCT);
  }

  /** "cash withdrawal amount" for {@code cash_withdrawal_amount}. */
  public static String words(MetricDefinition m) {
    return m.name().replace('_', ' ');
  }
}
