package io.assay.web.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkflowRunTest {
  private static HistoryEntry event(long id, String type, String name) {
    return new HistoryEntry(
        "job-1", id, "t", type, EventCategory.UPDATE, null, null, name, null, null, null);
  }

  @Test
  void repeatedRejectedUpdatesOfOneNameBecomeOneRowThatCountsThem() {
    List<HistoryEntry> events =
        List.of(
            event(1, "WorkflowExecutionStarted", null),
            event(2, "WorkflowExecutionUpdateRejected", "editPlan"),
            event(3, "WorkflowExecutionUpdateRejected", "editPlan"),
            event(4, "WorkflowExecutionUpdateRejected", "editPlan"),
            event(5, "WorkflowExecutionUpdateRejected", "approvePlan"),
            event(6, "WorkflowExecutionUpdateAccepted", "editPlan"));
    List<WorkflowRun.Row> rows = new WorkflowRun("job-1", "r", "job", "Running", events).rows();
    assertThat(rows).extracting(WorkflowRun.Row::count).containsExactly(1, 3, 1, 1);
    assertThat(rows.get(1).event().eventId()).isEqualTo(2);
    assertThat(rows.get(1).grouped()).isTrue();
    assertThat(rows.get(2).event().name()).isEqualTo("approvePlan");
  }
}
