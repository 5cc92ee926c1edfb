package io.assay.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.evidence.ArtifactInfo;

/**
 * Some top-level fields of an artifact's content, as {@link ArtifactStore#computations} picks them
 * out; not the whole content, so it cannot be re-hashed (read the {@link Artifact} for that).
 */
public record ArtifactPart(ArtifactInfo info, JsonNode fields) {}
