package io.assay.contract.finding;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A drill-down along one dimension: for each element its baseline and actual values and the share
 * of the total change it explains (Adtributor's explanatory power), largest first.
 *
 * @param valueFormat how baseline and actual values are written; shares are written as percents
 */
public record ContributionBars(
    String id,
    String title,
    String dimension,
    String unit,
    DisplayFormat valueFormat,
    List<Bar> bars,
    ArtifactRef source)
    implements ChartData {

  /** One element of the dimension. */
  public record Bar(String element, double baseline, double actual, double share) {
    public Bar {
      if (element == null || element.isBlank()) {
        throw new IllegalArgumentException("a contribution bar needs an element name");
      }
      ChartData.finite(baseline, "baseline of " + element);
      ChartData.finite(actual, "actual of " + element);
      ChartData.finite(share, "share of " + element);
    }
  }

  /** Shares are ratios written as percents with one decimal. */
  public static final DisplayFormat SHARE_FORMAT = DisplayFormat.percent(1);

  public ContributionBars {
    ChartData.requireId(id);
    title = ChartData.requireTitle(title, id);
    if (dimension == null || dimension.isBlank()) {
      throw new IllegalArgumentException("contribution bars " + id + " need a dimension");
    }
    unit = unit == null ? "" : unit.strip();
    if (valueFormat == null) {
      throw new IllegalArgumentException("contribution bars " + id + " need a value format");
    }
    bars = List.copyOf(bars);
    if (bars.isEmpty() || bars.size() > 50) {
      throw new IllegalArgumentException(
          "contribution bars " + id + " need 1..50 bars, got " + bars.size());
    }
    Set<String> seen = new HashSet<>();
    for (Bar bar : bars) {
      if (!seen.add(bar.element())) {
        throw new IllegalArgumentException(
            "contribution bars " + id + " repeat element " + bar.element());
      }
    }
  }

  @Override
  public ContributionBars withSource(ArtifactRef ref) {
    return new ContributionBars(id, title, dimension, unit, valueFormat, bars, ref);
  }
}
