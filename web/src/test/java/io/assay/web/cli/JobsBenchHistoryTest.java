package io.assay.web.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Timestamp;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.history.v1.ActivityTaskStartedEventAttributes;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import io.temporal.api.history.v1.WorkflowTaskCompletedEventAttributes;
import io.temporal.api.history.v1.WorkflowTaskStartedEventAttributes;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobsBenchHistoryTest {

  private static HistoryEvent.Builder at(long id, long millis) {
    return HistoryEvent.newBuilder()
        .setEventId(id)
        .setEventTime(
            Timestamp.newBuilder()
                .setSeconds(millis / 1000)
                .setNanos((int) (millis % 1000) * 1_000_000));
  }

  @Test
  void splitsQueueAndRunTimesOfWorkflowAndActivityTasks() {
    List<HistoryEvent> events =
        List.of(
            at(1, 1_000).build(),
            at(2, 1_000).build(), // workflow task scheduled
            at(3, 1_040)
                .setWorkflowTaskStartedEventAttributes(
                    WorkflowTaskStartedEventAttributes.newBuilder().setScheduledEventId(2))
                .build(),
            at(4, 1_140)
                .setWorkflowTaskCompletedEventAttributes(
                    WorkflowTaskCompletedEventAttributes.newBuilder().setStartedEventId(3))
                .build(),
            at(5, 1_140)
                .setMarkerRecordedEventAttributes(
                    MarkerRecordedEventAttributes.newBuilder()
                        .setMarkerName(JobsBenchHistory.LOCAL_ACTIVITY_MARKER))
                .build(),
            at(5, 1_140)
                .setMarkerRecordedEventAttributes(
                    MarkerRecordedEventAttributes.newBuilder().setMarkerName("Version"))
                .build(),
            at(6, 1_140).build(), // activity scheduled
            at(7, 1_165)
                .setActivityTaskStartedEventAttributes(
                    ActivityTaskStartedEventAttributes.newBuilder().setScheduledEventId(6))
                .build(),
            // refers to an event the history does not hold: no wait, no failure
            at(8, 1_300)
                .setWorkflowTaskStartedEventAttributes(
                    WorkflowTaskStartedEventAttributes.newBuilder().setScheduledEventId(99))
                .build());

    JobsBenchHistory h = JobsBenchHistory.of(events);

    assertThat(h.workflowTasks()).isEqualTo(1);
    assertThat(h.workflowTaskQueueMillis()).isEqualTo(40);
    assertThat(h.workflowTaskRunMillis()).isEqualTo(100);
    assertThat(h.activityTasks()).isEqualTo(1);
    assertThat(h.activityQueueMillis()).isEqualTo(25);
    assertThat(h.localActivities()).isEqualTo(1);
    assertThat(h.plus(h).perJob(2)).containsEntry("workflowTaskQueueMillis", 40L);
  }

  private static Payloads json(String text) {
    return Payloads.newBuilder()
        .addPayloads(Payload.newBuilder().setData(ByteString.copyFromUtf8(text)))
        .build();
  }

  private static MarkerRecordedEventAttributes local(String type, long scheduledAt) {
    return MarkerRecordedEventAttributes.newBuilder()
        .setMarkerName(JobsBenchHistory.LOCAL_ACTIVITY_MARKER)
        .putDetails("type", json("\"" + type + "\""))
        .putDetails("meta", json("{\"firstSkd\":" + scheduledAt + ",\"atpt\":1}"))
        .build();
  }

  @Test
  void localActivitiesRunUntilTheNextIsScheduledTheLastUntilTheTaskCompleted() {
    long[] split =
        JobsBenchHistory.localSplit(
            List.of(
                local("RecordTransition", 1_000),
                local("Understand", 1_004),
                local("RecordTransition", 1_054),
                MarkerRecordedEventAttributes.newBuilder()
                    .setMarkerName(JobsBenchHistory.LOCAL_ACTIVITY_MARKER)
                    .build()),
            1_060);

    assertThat(split[0]).as("work: the reading").isEqualTo(50);
    assertThat(split[1]).as("recording: 4 ms, then until a marker without a time").isEqualTo(4);
  }

  @Test
  void markersOfATaskFollowItsCompletion() {
    List<HistoryEvent> events =
        List.of(
            at(1, 1_000)
                .setWorkflowTaskCompletedEventAttributes(
                    WorkflowTaskCompletedEventAttributes.newBuilder())
                .build(),
            at(2, 1_000).setMarkerRecordedEventAttributes(local("PrepareReport", 900)).build(),
            at(3, 1_000).setMarkerRecordedEventAttributes(local("RecordTransition", 960)).build(),
            at(4, 2_000)
                .setWorkflowTaskCompletedEventAttributes(
                    WorkflowTaskCompletedEventAttributes.newBuilder())
                .build(),
            at(5, 2_000)
                .setMarkerRecordedEventAttributes(local("RecordTransition", 1_990))
                .build());

    JobsBenchHistory h = JobsBenchHistory.of(events);

    assertThat(h.localActivities()).isEqualTo(3);
    assertThat(h.localWorkMillis()).isEqualTo(60);
    assertThat(h.localRecordingMillis()).isEqualTo(40 + 10);
  }
}
