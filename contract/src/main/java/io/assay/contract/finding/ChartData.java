package io.assay.contract.finding;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.regex.Pattern;

/**
 * A dataset a report draws: a time series with its baseline band and anomaly intervals,
 * contribution bars for a drill-down, or a small table. The analysis stores the dataset (without
 * {@link #source()}) as a chart_data artifact and attaches the returned reference, so the report
 * can prove that what it draws is exactly what was stored.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = TimeSeriesChart.class, name = "time_series"),
  @JsonSubTypes.Type(value = ContributionBars.class, name = "contribution_bars"),
  @JsonSubTypes.Type(value = TableData.class, name = "table")
})
public sealed interface ChartData permits TimeSeriesChart, ContributionBars, TableData {
  Pattern ID = Pattern.compile("[a-z][a-z0-9_]{0,63}");

  /** Unique within its Finding, lowercase. */
  String id();

  String title();

  /** The chart_data artifact holding this dataset; null only before it has been stored. */
  ArtifactRef source();

  /** The same dataset citing {@code ref}. */
  ChartData withSource(ArtifactRef ref);

  static String requireId(String id) {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException("chart id must match " + ID.pattern() + ", got " + id);
    }
    return id;
  }

  static String requireTitle(String title, String id) {
    if (title == null || title.isBlank()) {
      throw new IllegalArgumentException("chart " + id + " needs a title");
    }
    return title.strip();
  }

  static double finite(double v, String what) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(what + " is not finite: " + v);
    }
    return v;
  }

  static Double finiteOrNull(Double v, String what) {
    return v == null ? null : finite(v, what);
  }
}
