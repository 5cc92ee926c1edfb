package io.assay.web.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
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
                .setMarkerRecordedEventAttributes(MarkerRecordedEventAttributes.newBuilder())
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
}
