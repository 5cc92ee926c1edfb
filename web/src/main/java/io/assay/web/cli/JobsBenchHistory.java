package io.assay.web.cli;

import io.temporal.api.history.v1.HistoryEvent;
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
 * @param localActivities local activities recorded (marker events)
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
    long childStartMillis,
    long childReturnMillis) {

  static final JobsBenchHistory ZERO = new JobsBenchHistory(0, 0, 0, 0, 0, 0, 0, 0);

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
        wfTasks++;
        wfRun +=
            t - at.getOrDefault(e.getWorkflowTaskCompletedEventAttributes().getStartedEventId(), t);
      } else if (e.hasActivityTaskStartedEventAttributes()) {
        activities++;
        activityQueue +=
            t - at.getOrDefault(e.getActivityTaskStartedEventAttributes().getScheduledEventId(), t);
      } else if (e.hasMarkerRecordedEventAttributes()) {
        markers++;
      } else if (e.hasChildWorkflowExecutionStartedEventAttributes()) {
        childStart +=
            t
                - at.getOrDefault(
                    e.getChildWorkflowExecutionStartedEventAttributes().getInitiatedEventId(), t);
      } else if (e.hasChildWorkflowExecutionCompletedEventAttributes()) {
        childDoneAt = t;
      }
    }
    return new JobsBenchHistory(
        wfTasks, wfQueue, wfRun, activities, activityQueue, markers, childStart, childReturn);
  }

  JobsBenchHistory plus(JobsBenchHistory o) {
    return new JobsBenchHistory(
        workflowTasks + o.workflowTasks,
        workflowTaskQueueMillis + o.workflowTaskQueueMillis,
        workflowTaskRunMillis + o.workflowTaskRunMillis,
        activityTasks + o.activityTasks,
        activityQueueMillis + o.activityQueueMillis,
        localActivities + o.localActivities,
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
