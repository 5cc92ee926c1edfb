package io.assay.workflows.support;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.DeliveryActivities;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import io.assay.contract.evidence.ArtifactDraft;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.evidence.EvidenceActivities;
import io.assay.contract.finding.Finding;
import io.assay.contract.report.ReportActivities;
import io.assay.contract.report.ReportRef;
import io.assay.contract.report.ReportRequest;
import io.temporal.worker.Worker;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Evidence, report and delivery doubles: findings are kept per job, every cited artifact is
 * accepted, the report reference reflects the request, and each delivery is confirmed once.
 */
public class ScriptedFinishing implements EvidenceActivities, ReportActivities, DeliveryActivities {
  public final Map<String, List<Finding>> findings = new ConcurrentHashMap<>();
  public final Map<String, ReportRequest> reports = new ConcurrentHashMap<>();
  public final Map<String, Receipt> receipts = new ConcurrentHashMap<>();

  /** Jobs whose channels never confirm (a webhook that never answers): every attempt fails. */
  public final java.util.Set<String> unanswered = ConcurrentHashMap.newKeySet();

  public final java.util.concurrent.atomic.AtomicInteger deliveryAttempts =
      new java.util.concurrent.atomic.AtomicInteger();

  void register(Worker worker) {
    worker.registerActivitiesImplementations(this);
  }

  @Override
  public ArtifactInfo storeArtifact(ArtifactDraft draft) {
    throw new UnsupportedOperationException("the scripted analyses store no artifacts");
  }

  @Override
  public ArtifactInfo revokeArtifact(long artifactId, String reason) {
    throw new UnsupportedOperationException("the scripted analyses store no artifacts");
  }

  @Override
  public void recordFinding(String jobId, Finding finding) {
    findings
        .computeIfAbsent(jobId, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
        .add(finding);
  }

  @Override
  public List<ArtifactInfo> listArtifacts(String jobId) {
    return List.of(
        new ArtifactInfo(
            ScriptedAnalyses.REF,
            jobId,
            jobId + ":0:ok",
            ArtifactKind.QUERY_RESULT,
            ArtifactStatus.ACCEPTED,
            null,
            10,
            Instant.EPOCH));
  }

  @Override
  public ReportRef buildReport(ReportRequest request) {
    reports.put(request.jobId(), request);
    String sha = "b".repeat(64);
    return new ReportRef(
        request.jobId(),
        sha,
        sha,
        sha,
        100,
        100,
        request.questions().size(),
        1,
        0,
        "2026-01-01T00:00:00Z");
  }

  @Override
  public Receipt deliver(String jobId, ChannelSpec channel, ReportRef report) {
    deliveryAttempts.incrementAndGet();
    if (unanswered.contains(jobId)) {
      throw io.temporal.failure.ApplicationFailure.newFailure(
          "webhook did not answer", "DeliveryNotConfirmed");
    }
    return receipts.computeIfAbsent(
        jobId + "/" + channel.name(),
        k ->
            new Receipt(
                jobId,
                channel.name(),
                channel.kind(),
                ReceiptStatus.CONFIRMED,
                1,
                k,
                report.bodySha256(),
                report.htmlSha256(),
                "ok",
                null,
                Instant.EPOCH));
  }

  @Override
  public List<Receipt> receipts(String jobId) {
    return receipts.values().stream().filter(r -> r.jobId().equals(jobId)).toList();
  }
}
