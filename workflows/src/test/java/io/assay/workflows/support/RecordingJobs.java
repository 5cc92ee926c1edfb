package io.assay.workflows.support;

import io.assay.activities.job.JobActivities;
import io.assay.activities.job.JobProgress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps what the workflow records in memory, keyed like the real store, so tests can read it. */
public class RecordingJobs implements JobActivities {
  public final List<JobProgress> snapshots = new CopyOnWriteArrayList<>();
  public final Map<String, String> eventTypesByKey = new ConcurrentHashMap<>();
  public final List<Map<String, Object>> events = new CopyOnWriteArrayList<>();

  @Override
  public void recordProgress(JobProgress progress) {
    snapshots.add(progress);
  }

  @Override
  public void recordEvent(String jobId, String eventKey, String type, Map<String, Object> payload) {
    if (eventTypesByKey.putIfAbsent(eventKey, type) == null) {
      Map<String, Object> event = new java.util.LinkedHashMap<>(payload);
      event.put("type", type);
      events.add(event);
    }
  }

  public List<String> eventTypes() {
    return events.stream().map(e -> (String) e.get("type")).toList();
  }
}
