package io.assay.web.history;

import java.util.List;

/**
 * The history of one workflow run: the job's own workflow or one of its step children.
 *
 * @param role "job", or "step 2 · trend_anomaly" for a child
 * @param status how the run ended so far (Running, Completed, Failed, ...)
 */
public record WorkflowRun(
    String workflowId,
    String runId,
    String role,
    String status,
    List<HistoryEntry> events,
    List<PendingActivity> pending) {

  public WorkflowRun(
      String workflowId, String runId, String role, String status, List<HistoryEntry> events) {
    this(workflowId, runId, role, status, events, List.of());
  }

  /**
   * An activity the run is waiting on, as Temporal describes it: its attempt, why the previous one
   * failed and when the next starts (a retried activity's failed attempts are not history events
   * until the last, so this is where they show while it retries).
   */
  public record PendingActivity(
      String activityType,
      String state,
      int attempt,
      int maximumAttempts,
      String lastFailure,
      String nextAttempt,
      String lastStarted) {}

  /** Events {@code from} to {@code to} (exclusive); what it waits on only with its last event. */
  WorkflowRun slice(int from, int to) {
    return new WorkflowRun(
        workflowId,
        runId,
        role,
        status,
        events.subList(from, to),
        to == events.size() ? pending : List.of());
  }

  /** A row of the history table: one event, or a run of rejected updates of one name. */
  public record Row(HistoryEntry event, int count) {
    public boolean grouped() {
      return count > 1;
    }
  }

  /**
   * The events as table rows: consecutive rejected updates of the same name become one row that
   * says how many there were (a person retrying a refused edit should not fill the page red).
   */
  public List<Row> rows() {
    List<Row> out = new java.util.ArrayList<>();
    for (HistoryEntry e : events) {
      if (!out.isEmpty()) {
        Row last = out.get(out.size() - 1);
        if (rejected(e)
            && rejected(last.event())
            && java.util.Objects.equals(last.event().name(), e.name())) {
          out.set(out.size() - 1, new Row(last.event(), last.count() + 1));
          continue;
        }
      }
      out.add(new Row(e, 1));
    }
    return out;
  }

  private static boolean rejected(HistoryEntry e) {
    return "WorkflowExecutionUpdateRejected".equals(e.type());
  }
}
