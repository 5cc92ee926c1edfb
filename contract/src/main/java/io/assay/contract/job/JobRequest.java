package io.assay.contract.job;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.monitor.MonitorRun;
import io.assay.contract.plan.Plan;
import java.util.List;

/**
 * What a person asked for. Validated at the edge (web form, REST, CLI) before a workflow starts.
 *
 * @param approvalTimeoutSeconds for {@link ApprovalMode#AUTO_AFTER_TIMER}: how long the plan waits
 * @param delivery where the frozen report goes; one receipt per channel
 * @param hint optional extra hint text (BIRD's evidence), used by question understanding
 * @param plan for a monitor's run, the approved plan it repeats (understanding is skipped); null
 *     for a question asked by a person
 * @param monitor the monitor this job is a run of; null for a one-off job
 */
public record JobRequest(
    String jobId,
    String question,
    String dataset,
    String owner,
    ApprovalMode approvalMode,
    long approvalTimeoutSeconds,
    List<ChannelSpec> delivery,
    String hint,
    Plan plan,
    MonitorRun monitor) {

  public static final int MAX_QUESTION_BYTES = 10_000;

  /** A question asked by a person: no preset plan, no monitor. */
  public JobRequest(
      String jobId,
      String question,
      String dataset,
      String owner,
      ApprovalMode approvalMode,
      long approvalTimeoutSeconds,
      List<ChannelSpec> delivery,
      String hint) {
    this(
        jobId,
        question,
        dataset,
        owner,
        approvalMode,
        approvalTimeoutSeconds,
        delivery,
        hint,
        null,
        null);
  }

  public JobRequest {
    delivery = delivery == null ? List.of() : List.copyOf(delivery);
    hint = hint == null ? "" : hint;
  }
}
