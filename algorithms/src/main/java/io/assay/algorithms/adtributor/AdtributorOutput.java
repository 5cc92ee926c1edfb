package io.assay.algorithms.adtributor;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * Result of {@link Adtributor#analyse} (spec B4). Maps keep their order: {@code rootCauses} in
 * ranking order, {@code dimensionDetails} in input dimension order. Serialises with Jackson to the
 * reference's JSON shape.
 *
 * @param reasonFlag {@code ""}, {@code "ATTRS_NOT_FOUND"} or {@code "NO_SPECIFIC_INV"}; internal
 */
@JsonPropertyOrder({
  "root_causes",
  "ranked_dimensions",
  "dimension_details",
  "status",
  "reason_flag"
})
public record AdtributorOutput(
    @JsonProperty("root_causes") Map<String, List<Object>> rootCauses,
    @JsonProperty("ranked_dimensions") List<String> rankedDimensions,
    @JsonProperty("dimension_details") Map<String, DimensionResult> dimensionDetails,
    @JsonProperty("status") AdtributorStatus status,
    @JsonProperty("reason_flag") String reasonFlag) {

  public static final String ATTRS_NOT_FOUND = "ATTRS_NOT_FOUND";
  public static final String NO_SPECIFIC_INV = "NO_SPECIFIC_INV";
}
