package io.assay.activities.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;

/** Stores progress and events through {@link JobStore}. */
public class JobActivitiesImpl implements JobActivities {
  private final JobStore store;
  private final ObjectMapper json;

  public JobActivitiesImpl(JobStore store, ObjectMapper json) {
    this.store = store;
    this.json = json;
  }

  @Override
  public void recordProgress(JobProgress p) {
    store.updateProgress(
        p.jobId(), p.state(), p.currentStep(), p.stepsDone(), p.stepsTotal(), p.lastError(), write(p));
  }

  @Override
  public void recordEvent(String jobId, String eventKey, String type, Map<String, Object> payload) {
    store.appendEvent(jobId, eventKey, type, write(payload));
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialise " + value.getClass().getSimpleName(), e);
    }
  }
}
