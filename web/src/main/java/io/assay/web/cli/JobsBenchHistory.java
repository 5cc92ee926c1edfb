package io.assay.web.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the orchestration part of a job's time goes, read from its Temporal histories (the job's
 * and its step children's): how long workflow tasks and activity tasks waited in their queues, how
 * long workflow tasks ran (their local activities included), how many of each a job needed. The
 * histories overlap (a parent waits while its child runs), so the parts are not meant to add up to
 * the job's latency: they say which kind of wait is large.
 *
 * @param workflowTasks workflow tasks completed
 * @param workflowTaskQueueMillis scheduled to started, summed over workflow tasks
 * @param workflowTaskRunMillis started to completed, summed (local activities run inside)
 * @param activityTasks activity tasks completed
 * @param activityQueueMillis scheduled to started, summed over activity tasks
 * @param localActivities local activities recorded (their markers; version markers not counted)
 * @param localWorkMillis time the local activities that do a job's work (reading the question,
 *     evidence, report preparation) ran, summed: activity work, like that of scheduled activities
 * @param localRecordingMillis time the local activities that record progress (snapshots and events)
 *     ran, summed: orchestration, like the rest of a job's bookkeeping. A marker says when its
 *     local activity was first scheduled, not when it ended: the local activities of one workflow
 *     task run one after another, so each is taken to run until the next is scheduled, the last
 *     until the task completed (the workflow code between them counts with them)
 * @param childStartMillis child initiated to child started, summed
 * @param childReturnMillis child completed (last event of the child) to the parent's next task
 *     started, summed
 */
record JobsBenchHistory(
    long workflowTasks,
    long workflowTaskQueueMillis,
    long workflowTaskRunMillis,
    long activityTasks,
    long activityQueueMillis,
    long localActivities,
    long localWorkMillis,
    long localRecordingMillis,
    long childStartMillis,
    long childReturnMillis) {

  static final JobsBenchHistory ZERO = new JobsBenchHistory(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** The SDK's name of a local activity's marker (a version marker has another). */
  static final String LOCAL_ACTIVITY_MARKER = "LocalActivity";

  /** Local activity types that write the job's progress snapshot and events: bookkeeping. */
  private static final java.util.Set<String> RECORDING =
      java.util.Set.of("RecordTransition", "RecordProgress", "RecordEvent");

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The figures of one history. An event that refers to one the history does not hold (the
   * in-process service numbers some differently) counts as no wait rather than failing the bench.
   */
  static JobsBenchHistory of(List<HistoryEvent> events) {
    Map<Long, Long> at = new HashMap<>();
    long wfTasks = 0;
    long wfQueue = 0;
    long wfRun = 0;
    long activities = 0;
    long activityQueue = 0;
    long markers = 0;
    long localWork = 0;
    long localRecording = 0;
    List<MarkerRecordedEventAttributes> local = new ArrayList<>();
    long taskCompletedAt = 0;
    long childStart = 0;
    long childReturn = 0;
    Long childDoneAt = null;
    for (HistoryEvent e : events) {
      long t = millis(e);
      at.put(e.getEventId(), t);
      if (e.hasWorkflowTaskStartedEventAttributes()) {
        wfQueue +=
            t - at.getOrDefault(e.getWorkflowTaskStartedEventAttributes().getScheduledEventId(), t);
        if (childDoneAt != null) {
          childReturn += t - childDoneAt;
          childDoneAt = null;
        }
      } else if (e.hasWorkflowTaskCompletedEventAttributes()) {
        long[] split = localSplit(local, taskCompletedAt);
        localWork += split[0];
        localRecording += split[1];
        local.clear();
        taskCompletedAt = t;
        wfTasks++;
        wfRun +=
            t - at.getOrDefault(e.getWorkflowTaskCompletedEventAttributes().getStartedEventId(), t);
      } else if (e.hasActivityTaskStartedEventAttributes()) {
        activities++;
        activityQueue +=
            t - at.getOrDefault(e.getActivityTaskStartedEventAttributes().getScheduledEventId(), t);
      } else if (e.hasMarkerRecordedEventAttributes()
          && e.getMarkerRecordedEventAttributes().getMarkerName().equals(LOCAL_ACTIVITY_MARKER)) {
        markers++;
        local.add(e.getMarkerRecordedEventAttributes());
      } else if (e.hasChildWorkflowExecutionStartedEventAttributes()) {
        childStart +=
            t
                - at.getOrDefault(
                    e.getChildWorkflowExecutionStartedEventAttributes().getInitiatedEventId(), t);
      } else if (e.hasChildWorkflowExecutionCompletedEventAttributes()) {
        childDoneAt = t;
      }
    }
    long[] split = localSplit(local, taskCompletedAt);
    localWork += split[0];
    localRecording += split[1];
    return new JobsBenchHistory(
        wfTasks,
        wfQueue,
        wfRun,
        activities,
        activityQueue,
        markers,
        localWork,
        localRecording,
        childStart,
        childReturn);
  }

  /**
   * The run times of one workflow task's local activities (their markers follow the task's
   * completion in the history), as {work, recording}: each from its scheduled time to the next
   * one's, the last to the task's completion; a marker without its scheduled time counts 0.
   */
  static long[] localSplit(List<MarkerRecordedEventAttributes> markers, long completedAt) {
    long work = 0;
    long recording = 0;
    for (int i = 0; i < markers.size(); i++) {
      long start = scheduledAt(markers.get(i));
      long end = i + 1 < markers.size() ? scheduledAt(markers.get(i + 1)) : completedAt;
      long ran = start <= 0 || end <= 0 ? 0 : Math.max(0, end - start);
      if (RECORDING.contains(text(markers.get(i), "type"))) {
        recording += ran;
      } else {
        work += ran;
      }
    }
    return new long[] {work, recording};
  }

  private static long scheduledAt(MarkerRecordedEventAttributes m) {
    JsonNode meta = json(m, "meta");
    return meta == null ? 0 : meta.path("firstSkd").asLong(0);
  }

  private static String text(MarkerRecordedEventAttributes m, String key) {
    JsonNode node = json(m, key);
    return node == null ? "" : node.asText();
  }

  /** A marker detail as JSON (the SDK writes them with its JSON payload converter), or null. */
  private static JsonNode json(MarkerRecordedEventAttributes m, String key) {
    Payloads p = m.getDetailsMap().get(key);
    if (p == null || p.getPayloadsCount() == 0) {
      return null;
    }
    try {
      return JSON.readTree(p.getPayloads(0).getData().toStringUtf8());
    } catch (IOException e) {
      return null;
    }
  }

  JobsBenchHistory plus(JobsBenchHistory o) {
    return new JobsBenchHistory(
        workflowTasks + o.workflowTasks,
        workflowTaskQueueMillis + o.workflowTaskQueueMillis,
        workflowTaskRunMillis + o.workflowTaskRunMillis,
        activityTasks + o.activityTasks,
        activityQueueMillis + o.activityQueueMillis,
        localActivities + o.localActivities,
        localWorkMillis + o.localWorkMillis,
        localRecordingMillis + o.localRecordingMillis,
        childStartMillis + o.childStartMillis,
        childReturnMillis + o.childReturnMillis);
  }

  /** Per job, as printed and as JSON. */
  Map<String, Object> perJob(int jobs) {
    double n = Math.max(1, jobs);
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("workflowTasks", round1(workflowTasks / n));
    m.put("workflowTaskQueueMillis", Math.round(workflowTaskQueueMillis / n));
    m.put("workflowTaskRunMillis", Math.round(workflowTaskRunMillis / n));
    m.put("activityTasks", round1(activityTasks / n));
    m.put("activityQueueMillis", Math.round(activityQueueMillis / n));
    m.put("localActivities", round1(localActivities / n));
    m.put("localWorkMillis", Math.round(localWorkMillis / n));
    m.put("localRecordingMillis", Math.round(localRecordingMillis / n));
    m.put("childStartMillis", Math.round(childStartMillis / n));
    m.put("childReturnMillis", Math.round(childReturnMillis / n));
    return m;
  }

  private static double round1(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static long millis(HistoryEvent e) {
    return e.getEventTime().getSeconds() * 1000 + e.getEventTime().getNanos() / 1_000_000;
  }
}
