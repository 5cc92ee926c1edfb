package io.assay.web.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import io.temporal.api.common.v1.ActivityType;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.failure.v1.ApplicationFailureInfo;
import io.temporal.api.failure.v1.Failure;
import io.temporal.api.history.v1.ActivityTaskCompletedEventAttributes;
import io.temporal.api.history.v1.ActivityTaskFailedEventAttributes;
import io.temporal.api.history.v1.ActivityTaskScheduledEventAttributes;
import io.temporal.api.history.v1.ActivityTaskStartedEventAttributes;
import io.temporal.api.history.v1.ChildWorkflowExecutionStartedEventAttributes;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionSignaledEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionUpdateAcceptedEventAttributes;
import io.temporal.api.history.v1.WorkflowExecutionUpdateCompletedEventAttributes;
import io.temporal.api.update.v1.Input;
import io.temporal.api.update.v1.Meta;
import io.temporal.api.update.v1.Outcome;
import io.temporal.api.update.v1.Request;
import io.temporal.common.converter.DefaultDataConverter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryEventsTest {
  private static final Timestamp T0 = Timestamp.newBuilder().setSeconds(1_700_000_000).build();

  private static Payloads payloads(Object... values) {
    return DefaultDataConverter.STANDARD_INSTANCE.toPayloads(values).orElseThrow();
  }

  private static HistoryEvent.Builder event(long id, EventType type) {
    return HistoryEvent.newBuilder().setEventId(id).setEventType(type).setEventTime(T0);
  }

  private static Failure appFailure(String message, String type, boolean nonRetryable) {
    return Failure.newBuilder()
        .setMessage(message)
        .setApplicationFailureInfo(
            ApplicationFailureInfo.newBuilder().setType(type).setNonRetryable(nonRetryable))
        .build();
  }

  @Test
  void eachEventSaysHowLongSinceTheLastAndAnAttemptHowLongItTook() {
    com.google.protobuf.Timestamp later =
        T0.toBuilder().setSeconds(T0.getSeconds() + 2).setNanos(T0.getNanos()).build();
    com.google.protobuf.Timestamp end =
        T0.toBuilder().setSeconds(T0.getSeconds() + 75).setNanos(T0.getNanos()).build();
    List<HistoryEvent> events =
        List.of(
            event(5, EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .setActivityTaskScheduledEventAttributes(
                    ActivityTaskScheduledEventAttributes.newBuilder()
                        .setActivityType(ActivityType.newBuilder().setName("RunAnalysis")))
                .build(),
            event(6, EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED)
                .setEventTime(later)
                .setActivityTaskStartedEventAttributes(
                    ActivityTaskStartedEventAttributes.newBuilder().setScheduledEventId(5))
                .build(),
            event(7, EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED)
                .setEventTime(end)
                .setActivityTaskFailedEventAttributes(
                    ActivityTaskFailedEventAttributes.newBuilder()
                        .setScheduledEventId(5)
                        .setStartedEventId(6)
                        .setFailure(appFailure("timeout", "SQLException", false)))
                .build());
    List<HistoryEntry> entries = HistoryEvents.read("job-1", events);
    assertThat(entries).extracting(HistoryEntry::since).containsExactly("", "+2 s", "+1 min 13 s");
    // Waiting for a worker (schedule to start), then the attempt itself (start to failure).
    assertThat(entries).extracting(HistoryEntry::took).containsExactly("", "2 s", "1 min 13 s");
  }

  @Test
  void activityEventsCarryTheirTypeAttemptAndFailures() {
    List<HistoryEvent> events =
        List.of(
            event(5, EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .setActivityTaskScheduledEventAttributes(
                    ActivityTaskScheduledEventAttributes.newBuilder()
                        .setActivityId("7")
                        .setActivityType(ActivityType.newBuilder().setName("RunAnalysis"))
                        .setInput(payloads(Map.of("jobId", "job-1"))))
                .build(),
            event(6, EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED)
                .setActivityTaskStartedEventAttributes(
                    ActivityTaskStartedEventAttributes.newBuilder()
                        .setScheduledEventId(5)
                        .setAttempt(3)
                        .setLastFailure(appFailure("connection refused", "SQLException", false)))
                .build(),
            event(7, EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED)
                .setActivityTaskFailedEventAttributes(
                    ActivityTaskFailedEventAttributes.newBuilder()
                        .setScheduledEventId(5)
                        .setStartedEventId(6)
                        .setFailure(
                            appFailure(
                                    "metric 'withdrawls' is unknown", "PickValidationError", true)
                                .toBuilder()
                                .setCause(appFailure("did you mean withdrawals?", "Hint", false))))
                .build());

    List<HistoryEntry> entries = HistoryEvents.read("job-1:0:trend_anomaly", events);

    assertThat(entries)
        .extracting(HistoryEntry::type)
        .containsExactly("ActivityTaskScheduled", "ActivityTaskStarted", "ActivityTaskFailed");
    assertThat(entries).extracting(HistoryEntry::activityType).containsOnly("RunAnalysis");
    assertThat(entries).extracting(HistoryEntry::category).containsOnly(EventCategory.ACTIVITY);
    assertThat(entries.get(0).payload()).isEqualTo("{\"jobId\":\"job-1\"}");
    assertThat(entries.get(0).detail()).isEqualTo("activity id 7");
    assertThat(entries.get(1).attempt()).isEqualTo(3);
    assertThat(entries.get(1).failure())
        .isEqualTo("previous attempt: connection refused [SQLException]");
    assertThat(entries.get(2).attempt()).isEqualTo(3);
    assertThat(entries.get(2).failure())
        .isEqualTo(
            "metric 'withdrawls' is unknown [PickValidationError, non-retryable]"
                + " ← did you mean withdrawals? [Hint]");
    assertThat(entries.get(2).time()).isEqualTo("2023-11-14T22:13:20Z");
  }

  @Test
  void signalsAndUpdatesShowTheirNamesAndPayloads() {
    List<HistoryEvent> events =
        List.of(
            event(10, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED)
                .setWorkflowExecutionSignaledEventAttributes(
                    WorkflowExecutionSignaledEventAttributes.newBuilder()
                        .setSignalName("cancel")
                        .setInput(payloads(Map.of("by", "olga", "reason", "wrong question")))
                        .setIdentity("web@host"))
                .build(),
            event(11, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED)
                .setWorkflowExecutionUpdateAcceptedEventAttributes(
                    WorkflowExecutionUpdateAcceptedEventAttributes.newBuilder()
                        .setAcceptedRequest(
                            Request.newBuilder()
                                .setMeta(
                                    Meta.newBuilder().setUpdateId("u-1").setIdentity("web@host"))
                                .setInput(
                                    Input.newBuilder()
                                        .setName("editPlan")
                                        .setArgs(payloads(Map.of("by", "olga"))))))
                .build(),
            event(12, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED)
                .setWorkflowExecutionUpdateCompletedEventAttributes(
                    WorkflowExecutionUpdateCompletedEventAttributes.newBuilder()
                        .setMeta(Meta.newBuilder().setUpdateId("u-1"))
                        .setOutcome(
                            Outcome.newBuilder()
                                .setFailure(
                                    appFailure("step 3 does not exist", "InvalidPlanEdit", true))))
                .build());

    List<HistoryEntry> entries = HistoryEvents.read("job-1", events);

    assertThat(entries.get(0).category()).isEqualTo(EventCategory.SIGNAL);
    assertThat(entries.get(0).name()).isEqualTo("cancel");
    assertThat(entries.get(0).payload()).contains("\"reason\":\"wrong question\"");
    assertThat(entries.get(0).detail()).isEqualTo("from web@host");
    assertThat(entries.get(1).category()).isEqualTo(EventCategory.UPDATE);
    assertThat(entries.get(1).name()).isEqualTo("editPlan");
    assertThat(entries.get(1).payload()).isEqualTo("{\"by\":\"olga\"}");
    assertThat(entries.get(2).name()).isEqualTo("editPlan");
    assertThat(entries.get(2).failure()).startsWith("step 3 does not exist [InvalidPlanEdit");
  }

  @Test
  void localActivityMarkersAreReadAsActivityAttempts() {
    HistoryEvent marker =
        event(20, EventType.EVENT_TYPE_MARKER_RECORDED)
            .setMarkerRecordedEventAttributes(
                MarkerRecordedEventAttributes.newBuilder()
                    .setMarkerName("LocalActivity")
                    .putDetails("type", payloads("RecordProgress"))
                    .putDetails("meta", payloads(Map.of("firstSkd", 1L, "atpt", 2)))
                    .putDetails("result", payloads((Object) null)))
            .build();

    HistoryEntry entry = HistoryEvents.read("job-1", List.of(marker)).get(0);

    assertThat(entry.category()).isEqualTo(EventCategory.LOCAL_ACTIVITY);
    assertThat(entry.activityType()).isEqualTo("RecordProgress");
    assertThat(entry.attempt()).isEqualTo(2);
    assertThat(entry.payload()).isEqualTo("null");
  }

  @Test
  void otherMarkersShowTheirValuesNotTheNamesOfTheirFields() {
    HistoryEvent version =
        event(5, EventType.EVENT_TYPE_MARKER_RECORDED)
            .setMarkerRecordedEventAttributes(
                MarkerRecordedEventAttributes.newBuilder()
                    .setMarkerName("Version")
                    .putDetails("changeId", payloads("step-task-timeout"))
                    .putDetails("version", payloads(2)))
            .build();
    HistoryEvent sideEffect =
        event(6, EventType.EVENT_TYPE_MARKER_RECORDED)
            .setMarkerRecordedEventAttributes(
                MarkerRecordedEventAttributes.newBuilder()
                    .setMarkerName("SideEffect")
                    .putDetails("data", payloads("abc"))
                    .putDetails("id", payloads(3)))
            .build();

    List<HistoryEntry> entries = HistoryEvents.read("job-1", List.of(version, sideEffect));

    assertThat(entries.get(0).name()).isEqualTo("Version");
    assertThat(entries.get(0).payload()).isEqualTo("step-task-timeout = version 2");
    assertThat(entries.get(1).payload()).isEqualTo("data: \"abc\"; id: 3");
  }

  @Test
  void theWorkersRecordedAttemptsComeBetweenScheduleAndLastAttemptWithoutRepeatingIt() {
    List<HistoryEvent> events =
        List.of(
            event(5, EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
                .setActivityTaskScheduledEventAttributes(
                    ActivityTaskScheduledEventAttributes.newBuilder()
                        .setActivityId("7")
                        .setActivityType(ActivityType.newBuilder().setName("RunAnalysis")))
                .build(),
            event(6, EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED)
                .setActivityTaskStartedEventAttributes(
                    ActivityTaskStartedEventAttributes.newBuilder()
                        .setScheduledEventId(5)
                        .setAttempt(3)
                        .setLastFailure(appFailure("denied again", "DataAccessException", false)))
                .build(),
            event(7, EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED)
                .setActivityTaskFailedEventAttributes(
                    ActivityTaskFailedEventAttributes.newBuilder()
                        .setScheduledEventId(5)
                        .setStartedEventId(6)
                        .setFailure(appFailure("denied for good", "DataAccessException", false)))
                .build());
    String t = "2026-01-01T00:00:0";
    List<FailedAttempt> recorded =
        List.of(
            // Recorded out of order, one of another activity, and the last attempt too.
            new FailedAttempt("job-1", "r", "7", "RunAnalysis", 2, t + "2Z", t + "3Z", "again"),
            new FailedAttempt("job-1", "r", "8", "Other", 1, t + "0Z", t + "1Z", "other"),
            new FailedAttempt("job-1", "r", "7", "RunAnalysis", 1, t + "0Z", t + "1Z", "denied"),
            new FailedAttempt("job-1", "r", "7", "RunAnalysis", 3, t + "4Z", t + "5Z", "good"));

    List<HistoryEntry> entries = HistoryEvents.read("job-1", events, recorded);

    assertThat(entries)
        .extracting(HistoryEntry::type)
        .containsExactly(
            "ActivityTaskScheduled",
            HistoryEvents.RECORDED_ATTEMPT,
            HistoryEvents.RECORDED_ATTEMPT,
            "ActivityTaskStarted",
            "ActivityTaskFailed");
    assertThat(entries).extracting(HistoryEntry::attempt).containsExactly(null, 1, 2, 3, 3);
    assertThat(entries.get(1).failure()).isEqualTo("denied");
    assertThat(entries.get(1).eventId()).isZero();
    assertThat(entries.get(1).activityType()).isEqualTo("RunAnalysis");
    assertThat(entries.get(1).took())
        .isEqualTo(io.assay.web.ui.Durations.words(java.time.Duration.ofSeconds(1)));
    assertThat(entries.get(2).failure()).isEqualTo("again");
  }

  @Test
  void childWorkflowEventsNameTheChild() {
    HistoryEvent started =
        event(30, EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED)
            .setChildWorkflowExecutionStartedEventAttributes(
                ChildWorkflowExecutionStartedEventAttributes.newBuilder()
                    .setWorkflowExecution(
                        WorkflowExecution.newBuilder()
                            .setWorkflowId("job-1:0:trend_anomaly")
                            .setRunId("r1")))
            .build();
    HistoryEvent completed =
        event(31, EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED)
            .setActivityTaskCompletedEventAttributes(
                ActivityTaskCompletedEventAttributes.newBuilder()
                    .setScheduledEventId(99)
                    .setResult(payloads("x".repeat(3_000))))
            .build();

    List<HistoryEntry> entries = HistoryEvents.read("job-1", List.of(started, completed));

    assertThat(entries.get(0).category()).isEqualTo(EventCategory.CHILD);
    assertThat(entries.get(0).name()).isEqualTo("job-1:0:trend_anomaly");
    // An activity whose scheduled event is unknown still reads; long payloads are shortened.
    assertThat(entries.get(1).activityType()).isNull();
    assertThat(entries.get(1).payload()).hasSizeLessThan(2_100).endsWith("(3002 characters)");
  }

  @Test
  void filterByCategoryTypeAndWorkflow() {
    HistoryEntry activity =
        new HistoryEntry(
            "job-1",
            1,
            "t",
            "ActivityTaskStarted",
            EventCategory.ACTIVITY,
            "A",
            1,
            null,
            null,
            null,
            null);
    HistoryEntry signal =
        new HistoryEntry(
            "job-1",
            2,
            "t",
            "WorkflowExecutionSignaled",
            EventCategory.SIGNAL,
            null,
            null,
            "cancel",
            null,
            null,
            null);
    HistoryEntry child =
        new HistoryEntry(
            "job-1:0:a",
            1,
            "t",
            "ActivityTaskFailed",
            EventCategory.ACTIVITY,
            "B",
            2,
            null,
            "x",
            null,
            null);
    JobHistory history =
        new JobHistory(
            "job-1",
            List.of(
                new WorkflowRun("job-1", "r0", "job", "Running", List.of(activity, signal)),
                new WorkflowRun("job-1:0:a", "r1", "step 1 · a", "Failed", List.of(child))),
            null);

    assertThat(
            new HistoryFilter(java.util.Set.of(EventCategory.SIGNAL), null, null)
                .apply(history)
                .events())
        .containsExactly(signal);
    assertThat(
            new HistoryFilter(null, java.util.Set.of("ActivityTaskFailed"), null)
                .apply(history)
                .events())
        .containsExactly(child);
    assertThat(new HistoryFilter(null, null, "job-1:0:a").apply(history).runs())
        .extracting(WorkflowRun::workflowId)
        .containsExactly("job-1:0:a");
    assertThat(new HistoryFilter(null, null, " ").any()).isFalse();
  }
}
