package io.assay.report.evidence;

import io.assay.contract.evidence.ArtifactDraft;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.EvidenceActivities;
import io.assay.contract.finding.Finding;
import io.assay.store.ArtifactStore;
import io.assay.store.FindingStore;
import io.temporal.failure.ApplicationFailure;
import java.util.List;

/**
 * Plain implementation over the two stores; register it on a worker. Bad input (a reused
 * idempotency key, a malformed draft) fails without retry; database trouble is retried by the
 * activity's retry policy.
 */
public final class EvidenceActivitiesImpl implements EvidenceActivities {
  /** Failure type for input that a retry cannot fix. */
  public static final String INVALID_EVIDENCE = "InvalidEvidence";

  private final ArtifactStore artifacts;
  private final FindingStore findings;

  public EvidenceActivitiesImpl(ArtifactStore artifacts, FindingStore findings) {
    this.artifacts = artifacts;
    this.findings = findings;
  }

  @Override
  public ArtifactInfo storeArtifact(ArtifactDraft draft) {
    try {
      if (draft == null || draft.content() == null) {
        throw new IllegalArgumentException("an artifact draft needs content");
      }
      return artifacts.store(
          draft.jobId(), draft.stepId(), draft.kind(), draft.idempotencyKey(), draft.content());
    } catch (IllegalArgumentException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), INVALID_EVIDENCE);
    }
  }

  @Override
  public ArtifactInfo revokeArtifact(long artifactId, String reason) {
    try {
      return artifacts.revoke(artifactId, reason);
    } catch (IllegalArgumentException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), INVALID_EVIDENCE);
    }
  }

  @Override
  public void recordFinding(String jobId, Finding finding) {
    try {
      findings.record(jobId, finding);
    } catch (IllegalArgumentException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), INVALID_EVIDENCE);
    }
  }

  @Override
  public List<ArtifactInfo> listArtifacts(String jobId) {
    return artifacts.infoForJob(jobId);
  }
}
