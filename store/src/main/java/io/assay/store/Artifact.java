package io.assay.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.finding.ArtifactRef;

/** A stored artifact with its canonical JSON content. */
public record Artifact(ArtifactInfo info, String content) {
  public ArtifactRef ref() {
    return info.ref();
  }

  /** True when the content still hashes to the recorded SHA-256. */
  public boolean intact() {
    return CanonicalJson.sha256(content).equals(info.ref().sha256());
  }

  public JsonNode json() {
    return CanonicalJson.parse(content);
  }
}
