package io.assay.web.history;

/**
 * One event of a workflow's Temporal history, flattened for people: what happened, when, to which
 * activity (and which attempt), why it failed, and the payload of a signal or update.
 *
 * @param type the event type in Temporal's words, e.g. {@code ActivityTaskFailed}
 * @param name the signal, update, timer, child workflow or marker the event is about
 * @param attempt the activity attempt (1 for the first); null when not an activity event
 * @param failure the failure message with its type and causes; null when none
 * @param payload decoded input, arguments or result (JSON text), shortened when long
 * @param since time since the run's previous event ("+1.2 s"); empty for the first
 * @param took for an event that ends something (an activity attempt, a timer, a child workflow, an
 *     update), how long it took from its start; empty otherwise
 */
public record HistoryEntry(
    String workflowId,
    long eventId,
    String time,
    String type,
    EventCategory category,
    String activityType,
    Integer attempt,
    String name,
    String failure,
    String payload,
    String detail,
    String since,
    String took) {
  static final int PREVIEW = 100;

  public HistoryEntry(
      String workflowId,
      long eventId,
      String time,
      String type,
      EventCategory category,
      String activityType,
      Integer attempt,
      String name,
      String failure,
      String payload,
      String detail) {
    this(
        workflowId,
        eventId,
        time,
        type,
        category,
        activityType,
        attempt,
        name,
        failure,
        payload,
        detail,
        "",
        "");
  }

  /** The same event with its durations. */
  HistoryEntry withDurations(String since, String took) {
    return new HistoryEntry(
        workflowId,
        eventId,
        time,
        type,
        category,
        activityType,
        attempt,
        name,
        failure,
        payload,
        detail,
        since,
        took);
  }

  /** The payload's first characters, for a table cell; the whole payload unfolds below it. */
  public String payloadPreview() {
    return payload == null || payload.length() <= PREVIEW
        ? payload
        : payload.substring(0, PREVIEW) + "…";
  }

  public boolean payloadLong() {
    return payload != null && payload.length() > PREVIEW;
  }
}
