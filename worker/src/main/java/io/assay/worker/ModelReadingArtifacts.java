package io.assay.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.store.Artifact;
import io.assay.store.ArtifactStore;
import io.assay.store.JobStore;
import io.assay.understand.model.ModelReading;
import io.assay.understand.model.ReadingLog;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each model reading of a job's question as an artifact of the job (step {@code understand},
 * kind computation): the model's raw replies, round trips, tokens, time and why it was not used.
 * Every reading is its own artifact (a retried activity made new model calls), so the job's token
 * budget is the sum over them. When the model was not there for the job (unreachable, budget spent)
 * a {@link ModelReading#NOTICE_EVENT} event says so on the job, once per job. A store failure does
 * not fail the understanding: it is logged.
 */
final class ModelReadingArtifacts implements ReadingLog {
  private static final Logger LOG = LoggerFactory.getLogger(ModelReadingArtifacts.class);

  private static final String READER = "model reader";
  private static final String STEP = "understand";

  private final ArtifactStore artifacts;
  private final JobStore jobs;
  private final ObjectMapper json = new ObjectMapper();

  ModelReadingArtifacts(ArtifactStore artifacts, JobStore jobs) {
    this.artifacts = artifacts;
    this.jobs = jobs;
  }

  @Override
  public void keep(String jobId, ModelReading m) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("reader", READER);
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
          STEP,
          ArtifactKind.COMPUTATION,
          jobId + ":understand:model-reading:" + UUID.randomUUID(),
          content);
      String notice = m.jobNotice();
      if (notice != null) {
        jobs.appendEvent(
            jobId,
            jobId + ":" + ModelReading.NOTICE_EVENT,
            ModelReading.NOTICE_EVENT,
            json.writeValueAsString(Map.of("message", notice)));
      }
    } catch (RuntimeException | com.fasterxml.jackson.core.JsonProcessingException e) {
      LOG.warn(
          "job {}: the model reading could not be kept as an artifact: {}", jobId, e.toString());
    }
  }

  /** The tokens recorded in the job's model-reading artifacts. */
  @Override
  public long tokensSpent(String jobId) {
    long sum = 0;
    for (Artifact a : artifacts.forJob(jobId)) {
      if (STEP.equals(a.info().stepId())) {
        JsonNode content = a.json();
        if (READER.equals(content.path("reader").asText())) {
          sum += content.path("tokens").asLong(0);
        }
      }
    }
    return sum;
  }
}
