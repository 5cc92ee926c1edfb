package io.assay.algorithms.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * Statistics of one column over the full result. Fields that do not apply to the column's type (or
 * have no defined value, e.g. the mean of an all-missing column) are {@code null} and left out of
 * the JSON.
 *
 * @param count non-missing cells
 * @param missing missing cells (null, NaN; infinite numbers count as missing too)
 * @param distinct distinct non-missing values
 * @param identifierLike a dimension with so many distinct values that it acts as a key
 * @param quantiles p05, p25, p50, p75, p95 (linear interpolation), numbers only
 * @param topValues most frequent values with counts, non-numeric columns only
 * @param minText smallest value of a temporal column (ISO text)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "name", "type", "role", "count", "missing", "missing_rate", "distinct", "identifier_like",
  "min", "max", "mean", "std", "quantiles", "min_text", "max_text", "top_values"
})
public record ColumnProfile(
    @JsonProperty("name") String name,
    @JsonProperty("type") ColumnType type,
    @JsonProperty("role") ColumnRole role,
    @JsonProperty("count") long count,
    @JsonProperty("missing") long missing,
    @JsonProperty("missing_rate") double missingRate,
    @JsonProperty("distinct") long distinct,
    @JsonProperty("identifier_like") Boolean identifierLike,
    @JsonProperty("min") Double min,
    @JsonProperty("max") Double max,
    @JsonProperty("mean") Double mean,
    @JsonProperty("std") Double std,
    @JsonProperty("quantiles") Map<String, Double> quantiles,
    @JsonProperty("min_text") String minText,
    @JsonProperty("max_text") String maxText,
    @JsonProperty("top_values") List<ValueCount> topValues) {

  /** A value and how often it occurs. */
  @JsonPropertyOrder({"value", "count", "share"})
  public record ValueCount(
      @JsonProperty("value") Object value,
      @JsonProperty("count") long count,
      @JsonProperty("share") double share) {}
}
