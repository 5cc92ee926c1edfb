package io.assay.algorithms.adtributor;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What Adtributor concluded about one dimension (spec B4).
 *
 * @param explanatoryPower cumulative EP of the chosen elements, or the best cumulative EP reached;
 *     {@code null} only when the dimension was skipped for direction
 * @param totalSurprise weighted surprise of all direction-matching elements (0 when skipped)
 * @param elements root-cause elements, ranked by surprise; {@code null} unless the dimension
 *     produced a root cause
 * @param surprise weighted surprise of {@code elements}; {@code null} without elements
 * @param reason why the dimension passed or failed, as the reference words it
 */
@JsonPropertyOrder({"explanatory_power", "total_surprise", "elements", "surprise", "reason"})
public record DimensionResult(
    @JsonProperty("explanatory_power") Double explanatoryPower,
    @JsonProperty("total_surprise") double totalSurprise,
    @JsonProperty("elements") List<Object> elements,
    @JsonProperty("surprise") Double surprise,
    @JsonProperty("reason") String reason) {}
