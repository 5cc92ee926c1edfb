package io.assay.contract.evidence;

import io.assay.contract.finding.ArtifactRef;
import java.time.Instant;

/** An artifact's identity and state without its content: small enough for workflow payloads. */
public record ArtifactInfo(
    ArtifactRef ref,
    String jobId,
    String stepId,
    ArtifactKind kind,
    ArtifactStatus status,
    String revokedReason,
    long sizeBytes,
    Instant createdAt) {

  public boolean accepted() {
    return status == ArtifactStatus.ACCEPTED;
  }
}
