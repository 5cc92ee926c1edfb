package io.assay.algorithms.adtributor;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Arguments of the {@code adtributor_drilldown} tool (spec B5). The tool cannot pass dimension
 * weights. Null {@code issueType}, {@code tep}, {@code teep} or {@code k} take the defaults.
 *
 * @param reasoning why the caller runs the tool (required by the contract, not used)
 */
public record DrilldownRequest(
    @JsonProperty("reasoning") String reasoning,
    @JsonProperty("data") List<MeltedRow> data,
    @JsonProperty("derived") boolean derived,
    @JsonProperty("issue_type") String issueType,
    @JsonProperty("tep") Double tep,
    @JsonProperty("teep") Double teep,
    @JsonProperty("k") Integer k) {

  public DrilldownRequest {
    issueType = issueType == null ? AdtributorParams.DROP : issueType;
    tep = tep == null ? AdtributorParams.DEFAULT_TEP : tep;
    teep = teep == null ? AdtributorParams.DEFAULT_TEEP : teep;
    k = k == null ? 1 : k;
  }

  /** The tool's defaults: drop, tep 0.7, teep 0.02, k 1. */
  public static DrilldownRequest of(String reasoning, List<MeltedRow> data, boolean derived) {
    return new DrilldownRequest(reasoning, data, derived, null, null, null, null);
  }
}
