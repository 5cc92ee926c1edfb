package io.assay.worker;

import io.assay.contract.evidence.ArtifactKind;
import io.assay.store.ArtifactStore;
import io.assay.understand.model.ModelReading;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each model reading of a job's question as an artifact of the job (step {@code understand},
 * kind computation): the model's raw replies, round trips, tokens, time and why it was not used.
 * Every reading is its own artifact (a retried activity made new model calls). A store failure does
 * not fail the understanding: it is logged.
 */
final class ModelReadingArtifacts implements BiConsumer<String, ModelReading> {
  private static final Logger LOG = LoggerFactory.getLogger(ModelReadingArtifacts.class);

  private final ArtifactStore artifacts;

  ModelReadingArtifacts(ArtifactStore artifacts) {
    this.artifacts = artifacts;
  }

  @Override
  public void accept(String jobId, ModelReading m) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("reader", "model reader");
    content.put("replies", m.replies());
    content.put("calls", m.calls());
    content.put("tokens", m.tokens());
    content.put("millis", m.millis());
    content.put("used", m.reading() != null);
    if (m.problem() != null) {
      content.put("problem", m.problem());
    }
    try {
      artifacts.store(
          jobId,
          "understand",
          ArtifactKind.COMPUTATION,
          jobId + ":understand:model-reading:" + UUID.randomUUID(),
          content);
    } catch (RuntimeException e) {
      LOG.warn(
          "job {}: the model reading could not be kept as an artifact: {}", jobId, e.toString());
    }
  }
}
