package io.assay.algorithms.adtributor;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * What the drill-down tool returns (spec B5): a report or an error, serialisable as the reference's
 * dict.
 */
public sealed interface DrilldownResult {

  /** A completed analysis. Keys in the reference's order. */
  @JsonPropertyOrder({"status", "root_causes", "dimension_details", "summary_narrative"})
  record Report(
      @JsonProperty("status") AdtributorStatus status,
      @JsonProperty("root_causes") Map<String, List<Object>> rootCauses,
      @JsonProperty("dimension_details") Map<String, DimensionNarrative> dimensionDetails,
      @JsonProperty("summary_narrative") String summaryNarrative)
      implements DrilldownResult {}

  /** Bad input or a failed run, with the message the caller (an LLM or a person) reads. */
  record Failure(@JsonProperty("error") String error) implements DrilldownResult {}

  /** One dimension of a report. */
  @JsonPropertyOrder({"contribution", "elements", "narrative", "raw_metrics"})
  record DimensionNarrative(
      @JsonProperty("contribution") Double contribution,
      @JsonProperty("elements") List<Object> elements,
      @JsonProperty("narrative") String narrative,
      @JsonProperty("raw_metrics") RawMetrics rawMetrics) {}

  /** The core's numbers behind a narrative. */
  @JsonPropertyOrder({"total_surprise", "surprise", "reason"})
  record RawMetrics(
      @JsonProperty("total_surprise") double totalSurprise,
      @JsonProperty("surprise") Double surprise,
      @JsonProperty("reason") String reason) {}
}
