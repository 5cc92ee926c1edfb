package io.assay.contract.evidence;

import io.assay.contract.finding.Finding;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import java.util.List;

/**
 * The evidence pool as seen from the workflow. Every method is idempotent: store by idempotency
 * key, record a Finding by (job, step), revoke keeps the first reason.
 */
@ActivityInterface
public interface EvidenceActivities {

  /** Writes, reads back, verifies and accepts or revokes; returns the state, never the content. */
  @ActivityMethod(name = "StoreArtifact")
  ArtifactInfo storeArtifact(ArtifactDraft draft);

  /** Revokes for good: the artifact can never be cited again. */
  @ActivityMethod(name = "RevokeArtifact")
  ArtifactInfo revokeArtifact(long artifactId, String reason);

  /**
   * Adds a step's Finding to the job's evidence pool (replacing an earlier one of the same step).
   */
  @ActivityMethod(name = "RecordFinding")
  void recordFinding(String jobId, Finding finding);

  /** The job's artifacts with their status, for progress views and operators. */
  @ActivityMethod(name = "ListArtifacts")
  List<ArtifactInfo> listArtifacts(String jobId);
}
