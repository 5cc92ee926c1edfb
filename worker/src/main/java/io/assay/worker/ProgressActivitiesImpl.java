package io.assay.worker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobEventEntry;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.ProgressActivities;
import io.assay.store.JobStore;
import java.util.List;

/** Stores a transition (its events and the new snapshot) through {@link JobStore} at once. */
public class ProgressActivitiesImpl implements ProgressActivities {
  private final JobStore store;
  private final ObjectMapper json;

  public ProgressActivitiesImpl(JobStore store, ObjectMapper json) {
    this.store = store;
    this.json = json;
  }

  @Override
  public void recordTransition(JobProgress p, List<JobEventEntry> events) {
    List<JobStore.NewEvent> rows =
        events.stream()
            .map(e -> new JobStore.NewEvent(e.eventKey(), e.type(), write(e.payload())))
            .toList();
    store.recordTransition(
        p.jobId(),
        p.state(),
        p.currentStep(),
        p.stepsDone(),
        p.stepsTotal(),
        p.lastError(),
        write(p),
        rows);
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialise " + value.getClass().getSimpleName(), e);
    }
  }
}
