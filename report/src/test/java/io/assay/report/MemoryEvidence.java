package io.assay.report;

import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Finding;
import io.assay.report.evidence.EvidencePool;
import io.assay.store.Artifact;
import io.assay.store.CanonicalJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Artifacts and Findings held in memory with real canonical JSON and hashes, for tests of the pure
 * report pipeline. Ids are unique across instances, as database ids are across jobs.
 */
final class MemoryEvidence implements EvidenceSink {
  private static final AtomicLong IDS = new AtomicLong(1000);

  final String jobId;
  final List<Artifact> artifacts = new ArrayList<>();
  final List<Finding> findings = new ArrayList<>();

  MemoryEvidence(String jobId) {
    this.jobId = jobId;
  }

  @Override
  public ArtifactRef store(String stepId, ArtifactKind kind, String key, Object content) {
    String json = CanonicalJson.write(content);
    ArtifactRef ref = new ArtifactRef(IDS.incrementAndGet(), CanonicalJson.sha256(json));
    artifacts.add(
        new Artifact(
            new ArtifactInfo(
                ref,
                jobId,
                stepId,
                kind,
                ArtifactStatus.ACCEPTED,
                null,
                json.length(),
                Instant.parse("1998-01-02T00:00:00Z")),
            json));
    return ref;
  }

  void revoke(ArtifactRef ref, String reason) {
    for (int i = 0; i < artifacts.size(); i++) {
      Artifact a = artifacts.get(i);
      if (a.ref().equals(ref)) {
        ArtifactInfo info = a.info();
        artifacts.set(
            i,
            new Artifact(
                new ArtifactInfo(
                    info.ref(),
                    info.jobId(),
                    info.stepId(),
                    info.kind(),
                    ArtifactStatus.REVOKED,
                    reason,
                    info.sizeBytes(),
                    info.createdAt()),
                a.content()));
      }
    }
  }

  MemoryEvidence finding(Finding f) {
    findings.removeIf(x -> x.stepId().equals(f.stepId()));
    findings.add(f);
    return this;
  }

  EvidencePool pool() {
    return new EvidencePool(jobId, artifacts, findings);
  }
}
