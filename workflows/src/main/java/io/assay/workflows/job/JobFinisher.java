package io.assay.workflows.job;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.DeliveryActivities;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.evidence.EvidenceActivities;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Finding;
import io.assay.contract.job.JobActivities;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Plan;
import io.assay.contract.report.ReportActivities;
import io.assay.contract.report.ReportRef;
import io.assay.contract.report.ReportRequest;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The job's second half: evidence, verification, the frozen report and its delivery. */
final class JobFinisher {

  /** Evidence writes are idempotent database calls; retry them until the database is back. */
  private static final ActivityOptions EVIDENCE =
      ActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofSeconds(30))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(1))
                  .setMaximumInterval(Duration.ofSeconds(30))
                  .setMaximumAttempts(10)
                  .build())
          .build();

  /**
   * A report that fails its checks after repair, or its rendering audit, will not pass on retry.
   * The build heartbeats: a worker that dies mid-build is noticed within the heartbeat timeout and
   * the build retried on another, not after the whole start-to-close budget.
   */
  private static final ActivityOptions REPORT =
      ActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofMinutes(5))
          .setHeartbeatTimeout(Duration.ofSeconds(20))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(2))
                  .setMaximumAttempts(3)
                  .setDoNotRetry(
                      "ReportCheckFailed", "ReportRenderingFailed", "InvalidReportRequest")
                  .build())
          .build();

  /**
   * A channel that does not confirm keeps the job in DELIVERING, retried with backoff up to a day,
   * visible to operators; a rejected delivery (bad address, checksum mismatch) fails at once.
   */
  private static final ActivityOptions DELIVERY =
      ActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofMinutes(1))
          .setScheduleToCloseTimeout(Duration.ofDays(1))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(2))
                  .setBackoffCoefficient(2)
                  .setMaximumInterval(Duration.ofMinutes(10))
                  .setDoNotRetry("DeliveryRejected")
                  .build())
          .build();

  /** Its arguments (plan, steps, edits) stay out of the marker, as the recorder's do. */
  private static final LocalActivityOptions PREPARE =
      LocalActivityOptions.newBuilder()
          .setDoNotIncludeArgumentsIntoMarker(true)
          .setStartToCloseTimeout(Duration.ofSeconds(30))
          .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(5).build())
          .build();

  /**
   * The same evidence calls run as local activities: a few milliseconds of database work each, for
   * which a scheduled activity cost a workflow task round trip through the service per step (and
   * one more for verification). A recorded Finding is in the evidence pool and in the child's
   * result already: the markers leave the arguments out.
   */
  private static final LocalActivityOptions EVIDENCE_LOCAL =
      LocalActivityOptions.newBuilder()
          .setDoNotIncludeArgumentsIntoMarker(true)
          .setStartToCloseTimeout(Duration.ofSeconds(30))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(1))
                  .setMaximumInterval(Duration.ofSeconds(30))
                  .setMaximumAttempts(10)
                  .build())
          .build();

  /** Change id: evidence writes and reads became local activities (version 1). */
  static final String LOCAL_EVIDENCE = "local-evidence-calls";

  private final EvidenceActivities evidence =
      Workflow.newActivityStub(EvidenceActivities.class, EVIDENCE);
  private final EvidenceActivities localEvidence =
      Workflow.newLocalActivityStub(EvidenceActivities.class, EVIDENCE_LOCAL);
  private final ReportActivities reports = Workflow.newActivityStub(ReportActivities.class, REPORT);
  private final DeliveryActivities delivery =
      Workflow.newActivityStub(DeliveryActivities.class, DELIVERY);
  private final JobActivities preparation =
      Workflow.newLocalActivityStub(JobActivities.class, PREPARE);

  /** Adds a step's Finding to the job's evidence pool. */
  void record(String jobId, Finding finding) {
    evidenceCalls().recordFinding(jobId, finding);
  }

  /** Runs recorded before the change replay their scheduled activities; new runs go local. */
  private EvidenceActivities evidenceCalls() {
    int version = Workflow.getVersion(LOCAL_EVIDENCE, Workflow.DEFAULT_VERSION, 1);
    return version == Workflow.DEFAULT_VERSION ? evidence : localEvidence;
  }

  /**
   * Every artifact a Finding cites must be accepted. Returns the ones that are not (revoked or
   * never stored), which the report's reference check will refuse to cite.
   */
  List<String> verify(String jobId, List<Finding> findings) {
    Set<ArtifactRef> accepted = new HashSet<>();
    for (ArtifactInfo info : evidenceCalls().listArtifacts(jobId)) {
      if (info.status() == ArtifactStatus.ACCEPTED) {
        accepted.add(info.ref());
      }
    }
    return findings.stream()
        .flatMap(
            f ->
                f.artifacts().stream()
                    .filter(a -> !accepted.contains(a))
                    .map(a -> f.stepId() + " cites " + a.label()))
        .toList();
  }

  ReportRef report(
      JobRequest request,
      Plan plan,
      List<PlanEditRecord> edits,
      List<StepStatus> steps,
      List<Finding> findings) {
    ReportRequest report =
        preparation.prepareReport(
            request, plan, edits, steps, findings.stream().map(Finding::stepId).toList());
    return reports.buildReport(report);
  }

  Receipt deliver(String jobId, ChannelSpec channel, ReportRef report) {
    return delivery.deliver(jobId, channel, report);
  }
}
