package io.assay.store;

import io.assay.contract.evidence.ArtifactInfo;

/** Content was stored but failed its read-back check and was revoked; it can never be cited. */
public final class ArtifactRejectedException extends RuntimeException {
  private final ArtifactInfo artifact;

  public ArtifactRejectedException(ArtifactInfo artifact) {
    super(
        "artifact "
            + artifact.ref().label()
            + " of step "
            + artifact.stepId()
            + " was revoked: "
            + artifact.revokedReason());
    this.artifact = artifact;
  }

  public ArtifactInfo artifact() {
    return artifact;
  }
}
