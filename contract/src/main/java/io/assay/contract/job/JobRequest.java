package io.assay.contract.job;

import io.assay.contract.delivery.ChannelSpec;
import java.util.List;

/**
 * What a person asked for. Validated at the edge (web form, REST, CLI) before a workflow starts.
 *
 * @param approvalTimeoutSeconds for {@link ApprovalMode#AUTO_AFTER_TIMER}: how long the plan waits
 * @param delivery where the frozen report goes; one receipt per channel
 * @param hint optional extra hint text (BIRD's evidence), used by question understanding
 */
public record JobRequest(
    String jobId,
    String question,
    String dataset,
    String owner,
    ApprovalMode approvalMode,
    long approvalTimeoutSeconds,
    List<ChannelSpec> delivery,
    String hint) {

  public static final int MAX_QUESTION_BYTES = 10_000;

  public JobRequest {
    delivery = delivery == null ? List.of() : List.copyOf(delivery);
    hint = hint == null ? "" : hint;
  }
}
