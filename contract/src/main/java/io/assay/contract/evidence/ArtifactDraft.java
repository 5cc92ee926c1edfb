package io.assay.contract.evidence;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An artifact to store from workflow code. Analyses running inside an activity call {@link
 * ArtifactStore} directly instead, so large results never enter workflow history.
 *
 * @param idempotencyKey stable across retries, e.g. {@code workflowId:activityId:name}
 */
public record ArtifactDraft(
    String jobId, String stepId, ArtifactKind kind, String idempotencyKey, JsonNode content) {}
