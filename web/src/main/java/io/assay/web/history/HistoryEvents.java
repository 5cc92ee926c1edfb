package io.assay.web.history;

import io.assay.delivery.UrlRedaction;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.failure.v1.Failure;
import io.temporal.api.history.v1.ActivityTaskScheduledEventAttributes;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads raw Temporal history events into {@link HistoryEntry}s. Activity events other than
 * "scheduled" only carry the id of their scheduled event, so the activity type is looked up from
 * it; update completions carry only the update id, so the update name is looked up likewise.
 *
 * <p>Note on attempts: Temporal writes an activity's started event only when the activity finally
 * completes or fails, with the attempt number it reached and the last failure of the attempts
 * before; retries in between are not separate events.
 */
final class HistoryEvents {
  static final int MAX_PAYLOAD = 2_000;
  private static final String LOCAL_ACTIVITY = "LocalActivity";

  /** The type shown for a failed attempt the worker recorded (not a Temporal event). */
  static final String RECORDED_ATTEMPT = "ActivityAttemptFailed";

  private static final Pattern ATTEMPT = Pattern.compile("\"atpt\"\\s*:\\s*(\\d+)");

  private HistoryEvents() {}

  static List<HistoryEntry> read(String workflowId, List<HistoryEvent> events) {
    return read(workflowId, events, List.of());
  }

  /**
   * As above, with the failed attempts the worker recorded for this run's activities placed after
   * each activity's scheduled event (where they happened: Temporal writes the started event of the
   * last attempt only when that attempt ends). Attempts from the last one on are Temporal's own
   * events and are not repeated.
   */
  static List<HistoryEntry> read(
      String workflowId, List<HistoryEvent> events, List<FailedAttempt> recorded) {
    Map<Long, String> activityTypes = new HashMap<>();
    Map<Long, Integer> attempts = new HashMap<>();
    Map<String, String> updateNames = new HashMap<>();
    List<HistoryEntry> out = new ArrayList<>();
    Map<Long, Instant> startedAt = new HashMap<>();
    Map<Long, List<HistoryEntry>> earlierAttempts = new HashMap<>();
    Instant previous = null;
    for (HistoryEvent e : events) {
      Instant at = instant(e);
      HistoryEntry entry = entry(workflowId, e, activityTypes, attempts, updateNames);
      Long opened = opener(e);
      String took = "";
      if (opened != null && startedAt.containsKey(opened)) {
        took =
            io.assay.web.ui.Durations.words(java.time.Duration.between(startedAt.get(opened), at));
      }
      startedAt.put(e.getEventId(), at);
      String since =
          previous == null
              ? ""
              : "+" + io.assay.web.ui.Durations.words(java.time.Duration.between(previous, at));
      previous = at;
      out.add(entry.withDurations(since, took));
      if (e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
        List<HistoryEntry> earlier =
            attemptsOf(workflowId, e.getActivityTaskScheduledEventAttributes(), recorded);
        earlierAttempts.put(e.getEventId(), earlier);
        out.addAll(earlier);
      }
    }
    // The last attempt is in Temporal's history already (its started event and its end).
    earlierAttempts.forEach(
        (scheduled, entries) -> {
          Integer last = attempts.get(scheduled);
          if (last != null) {
            entries.stream().filter(a -> a.attempt() >= last).forEach(out::remove);
          }
        });
    return out;
  }

  /** The recorded failed attempts of one scheduled activity, first attempt first. */
  private static List<HistoryEntry> attemptsOf(
      String workflowId, ActivityTaskScheduledEventAttributes scheduled, List<FailedAttempt> all) {
    String activityId = scheduled.getActivityId();
    return all.stream()
        .filter(a -> a.activityId().equals(activityId))
        .sorted(java.util.Comparator.comparingInt(FailedAttempt::attempt))
        .map(
            a ->
                new HistoryEntry(
                    workflowId,
                    0,
                    a.failedAt(),
                    RECORDED_ATTEMPT,
                    EventCategory.ACTIVITY,
                    a.activityType(),
                    a.attempt(),
                    null,
                    a.failure(),
                    null,
                    "recorded by the worker: Temporal's history keeps only an activity's last"
                        + " attempt",
                    "",
                    took(a)))
        .toList();
  }

  private static String took(FailedAttempt a) {
    try {
      return io.assay.web.ui.Durations.words(
          java.time.Duration.between(Instant.parse(a.startedAt()), Instant.parse(a.failedAt())));
    } catch (java.time.format.DateTimeParseException e) {
      return "";
    }
  }

  /**
   * The event an ending event closes: an attempt's start for an activity's end (so retries each
   * show their own time; the schedule for the first), the timer's start, the child's initiation,
   * the update's acceptance.
   */
  private static Long opener(HistoryEvent e) {
    return switch (e.getEventType()) {
      case EVENT_TYPE_ACTIVITY_TASK_COMPLETED ->
          e.getActivityTaskCompletedEventAttributes().getStartedEventId();
      case EVENT_TYPE_ACTIVITY_TASK_FAILED ->
          e.getActivityTaskFailedEventAttributes().getStartedEventId();
      case EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT ->
          e.getActivityTaskTimedOutEventAttributes().getScheduledEventId();
      case EVENT_TYPE_ACTIVITY_TASK_STARTED ->
          e.getActivityTaskStartedEventAttributes().getScheduledEventId();
      case EVENT_TYPE_TIMER_FIRED -> e.getTimerFiredEventAttributes().getStartedEventId();
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED ->
          e.getChildWorkflowExecutionCompletedEventAttributes().getInitiatedEventId();
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_FAILED ->
          e.getChildWorkflowExecutionFailedEventAttributes().getInitiatedEventId();
      case EVENT_TYPE_WORKFLOW_TASK_COMPLETED ->
          e.getWorkflowTaskCompletedEventAttributes().getStartedEventId();
      case EVENT_TYPE_WORKFLOW_TASK_STARTED ->
          e.getWorkflowTaskStartedEventAttributes().getScheduledEventId();
      case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED ->
          e.getWorkflowExecutionUpdateCompletedEventAttributes().getAcceptedEventId();
      default -> null;
    };
  }

  private static Instant instant(HistoryEvent e) {
    return Instant.ofEpochSecond(e.getEventTime().getSeconds(), e.getEventTime().getNanos());
  }

  private static HistoryEntry entry(
      String workflowId,
      HistoryEvent e,
      Map<Long, String> activityTypes,
      Map<Long, Integer> attempts,
      Map<String, String> updateNames) {
    EventType type = e.getEventType();
    boolean localActivity =
        type == EventType.EVENT_TYPE_MARKER_RECORDED
            && LOCAL_ACTIVITY.equals(e.getMarkerRecordedEventAttributes().getMarkerName());
    Builder b = new Builder(workflowId, e, EventCategory.of(type, localActivity));
    // Each group fills what its event types have and ignores the others; an event no group
    // knows is shown by type and time alone.
    workflowEvent(e, b);
    activityEvent(e, b, activityTypes, attempts);
    messageEvent(e, b, updateNames);
    childEvent(e, b);
    return b.build();
  }

  /** The workflow run itself and its timers. */
  private static void workflowEvent(HistoryEvent e, Builder b) {
    switch (e.getEventType()) {
      case EVENT_TYPE_WORKFLOW_EXECUTION_STARTED -> {
        var a = e.getWorkflowExecutionStartedEventAttributes();
        b.name = a.getWorkflowType().getName();
        b.payload = payloads(a.getInput());
        b.detail = "task queue " + a.getTaskQueue().getName();
      }
      case EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED -> {
        b.payload = payloads(e.getWorkflowExecutionCompletedEventAttributes().getResult());
      }
      case EVENT_TYPE_WORKFLOW_EXECUTION_FAILED -> {
        b.failure = failure(e.getWorkflowExecutionFailedEventAttributes().getFailure());
      }
      case EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED -> {
        b.detail = e.getWorkflowExecutionTerminatedEventAttributes().getReason();
      }
      case EVENT_TYPE_WORKFLOW_EXECUTION_CANCEL_REQUESTED -> {
        b.detail = e.getWorkflowExecutionCancelRequestedEventAttributes().getCause();
      }
      case EVENT_TYPE_WORKFLOW_TASK_FAILED -> {
        b.failure = failure(e.getWorkflowTaskFailedEventAttributes().getFailure());
      }
      case EVENT_TYPE_TIMER_STARTED -> {
        var a = e.getTimerStartedEventAttributes();
        b.name = a.getTimerId();
        b.detail = "fires after " + a.getStartToFireTimeout().getSeconds() + " s";
      }
      case EVENT_TYPE_TIMER_FIRED -> {
        b.name = e.getTimerFiredEventAttributes().getTimerId();
      }
      case EVENT_TYPE_TIMER_CANCELED -> {
        b.name = e.getTimerCanceledEventAttributes().getTimerId();
      }
      default -> {
        // not one of this group's events
      }
    }
  }

  /** Activities (scheduled, each attempt started, its end) and local-activity markers. */
  private static void activityEvent(
      HistoryEvent e, Builder b, Map<Long, String> activityTypes, Map<Long, Integer> attempts) {
    switch (e.getEventType()) {
      case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> {
        ActivityTaskScheduledEventAttributes a = e.getActivityTaskScheduledEventAttributes();
        activityTypes.put(e.getEventId(), a.getActivityType().getName());
        b.activityType = a.getActivityType().getName();
        b.payload = payloads(a.getInput());
        b.detail =
            "activity id "
                + a.getActivityId()
                + (a.hasRetryPolicy() && a.getRetryPolicy().getMaximumAttempts() > 0
                    ? ", at most " + a.getRetryPolicy().getMaximumAttempts() + " attempts"
                    : "");
      }
      case EVENT_TYPE_ACTIVITY_TASK_STARTED -> {
        var a = e.getActivityTaskStartedEventAttributes();
        b.activityType = activityTypes.get(a.getScheduledEventId());
        b.attempt = a.getAttempt();
        attempts.put(a.getScheduledEventId(), a.getAttempt());
        if (a.hasLastFailure()) {
          b.failure = "previous attempt: " + failure(a.getLastFailure());
        }
      }
      case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> {
        var a = e.getActivityTaskCompletedEventAttributes();
        b.activityType = activityTypes.get(a.getScheduledEventId());
        b.attempt = attempts.get(a.getScheduledEventId());
        b.payload = payloads(a.getResult());
      }
      case EVENT_TYPE_ACTIVITY_TASK_FAILED -> {
        var a = e.getActivityTaskFailedEventAttributes();
        b.activityType = activityTypes.get(a.getScheduledEventId());
        b.attempt = attempts.get(a.getScheduledEventId());
        b.failure = failure(a.getFailure());
        b.detail = "retry state " + words(a.getRetryState().name(), "RETRY_STATE_");
      }
      case EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT -> {
        var a = e.getActivityTaskTimedOutEventAttributes();
        b.activityType = activityTypes.get(a.getScheduledEventId());
        b.attempt = attempts.get(a.getScheduledEventId());
        b.failure = failure(a.getFailure());
      }
      case EVENT_TYPE_ACTIVITY_TASK_CANCEL_REQUESTED -> {
        b.activityType =
            activityTypes.get(
                e.getActivityTaskCancelRequestedEventAttributes().getScheduledEventId());
      }
      case EVENT_TYPE_ACTIVITY_TASK_CANCELED -> {
        var a = e.getActivityTaskCanceledEventAttributes();
        b.activityType = activityTypes.get(a.getScheduledEventId());
        b.payload = payloads(a.getDetails());
      }
      case EVENT_TYPE_MARKER_RECORDED -> {
        marker(e.getMarkerRecordedEventAttributes(), b);
      }
      default -> {
        // not one of this group's events
      }
    }
  }

  /** Signals and updates: the name, its arguments and who sent it. */
  private static void messageEvent(HistoryEvent e, Builder b, Map<String, String> updateNames) {
    switch (e.getEventType()) {
      case EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED -> {
        var a = e.getWorkflowExecutionSignaledEventAttributes();
        b.name = a.getSignalName();
        b.payload = payloads(a.getInput());
        b.detail = a.getIdentity().isEmpty() ? null : "from " + a.getIdentity();
      }
      case EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED -> {
        var a = e.getSignalExternalWorkflowExecutionInitiatedEventAttributes();
        b.name = a.getSignalName();
        b.payload = payloads(a.getInput());
        b.detail = "to " + a.getWorkflowExecution().getWorkflowId();
      }
      case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED -> {
        var a = e.getWorkflowExecutionUpdateAcceptedEventAttributes();
        var input = a.getAcceptedRequest().getInput();
        updateNames.put(a.getAcceptedRequest().getMeta().getUpdateId(), input.getName());
        b.name = input.getName();
        b.payload = payloads(input.getArgs());
        String identity = a.getAcceptedRequest().getMeta().getIdentity();
        b.detail = identity.isEmpty() ? null : "from " + identity;
      }
      case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED -> {
        var a = e.getWorkflowExecutionUpdateCompletedEventAttributes();
        b.name = updateNames.get(a.getMeta().getUpdateId());
        if (a.getOutcome().hasFailure()) {
          b.failure = failure(a.getOutcome().getFailure());
        } else {
          b.payload = payloads(a.getOutcome().getSuccess());
        }
      }
      case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_REJECTED -> {
        var a = e.getWorkflowExecutionUpdateRejectedEventAttributes();
        b.name = a.getRejectedRequest().getInput().getName();
        b.payload = payloads(a.getRejectedRequest().getInput().getArgs());
        b.failure = failure(a.getFailure());
      }
      default -> {
        // not one of this group's events
      }
    }
  }

  /** Child workflows: started, and how each ended. */
  private static void childEvent(HistoryEvent e, Builder b) {
    switch (e.getEventType()) {
      case EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED -> {
        var a = e.getStartChildWorkflowExecutionInitiatedEventAttributes();
        b.name = a.getWorkflowId();
        b.payload = payloads(a.getInput());
        b.detail = a.getWorkflowType().getName();
      }
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED -> {
        b.name =
            e.getChildWorkflowExecutionStartedEventAttributes()
                .getWorkflowExecution()
                .getWorkflowId();
      }
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED -> {
        var a = e.getChildWorkflowExecutionCompletedEventAttributes();
        b.name = a.getWorkflowExecution().getWorkflowId();
        b.payload = payloads(a.getResult());
      }
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_FAILED -> {
        var a = e.getChildWorkflowExecutionFailedEventAttributes();
        b.name = a.getWorkflowExecution().getWorkflowId();
        b.failure = failure(a.getFailure());
      }
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_CANCELED -> {
        b.name =
            e.getChildWorkflowExecutionCanceledEventAttributes()
                .getWorkflowExecution()
                .getWorkflowId();
      }
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TIMED_OUT -> {
        b.name =
            e.getChildWorkflowExecutionTimedOutEventAttributes()
                .getWorkflowExecution()
                .getWorkflowId();
      }
      case EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_TERMINATED -> {
        b.name =
            e.getChildWorkflowExecutionTerminatedEventAttributes()
                .getWorkflowExecution()
                .getWorkflowId();
      }
      case EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_FAILED -> {
        var a = e.getStartChildWorkflowExecutionFailedEventAttributes();
        b.name = a.getWorkflowId();
        b.detail = words(a.getCause().name(), "START_CHILD_WORKFLOW_EXECUTION_FAILED_CAUSE_");
      }
      default -> {
        // not one of this group's events
      }
    }
  }

  /** A local activity leaves one marker: its type, attempt, result or failure. */
  private static void marker(MarkerRecordedEventAttributes a, Builder b) {
    b.name = a.getMarkerName();
    if (!LOCAL_ACTIVITY.equals(a.getMarkerName())) {
      b.payload = markerDetails(a.getDetailsMap());
      return;
    }
    Payloads type = a.getDetailsMap().get("type");
    if (type != null && type.getPayloadsCount() > 0) {
      b.activityType = unquote(text(type.getPayloads(0)));
    }
    Payloads meta = a.getDetailsMap().get("meta");
    b.attempt = 1;
    if (meta != null && meta.getPayloadsCount() > 0) {
      Matcher m = ATTEMPT.matcher(text(meta.getPayloads(0)));
      if (m.find()) {
        b.attempt = Integer.parseInt(m.group(1));
      }
    }
    if (a.hasFailure()) {
      b.failure = failure(a.getFailure());
    } else {
      Payloads result = a.getDetailsMap().get("result");
      b.payload = result == null ? null : payloads(result);
    }
  }

  /**
   * What a marker recorded, as values rather than the names of its fields: a version marker reads
   * "local-understanding = version 1", another "key: value; key: value" in the order of the keys.
   */
  static String markerDetails(Map<String, Payloads> details) {
    if (details.isEmpty()) {
      return null;
    }
    Payloads change = details.get("changeId");
    Payloads version = details.get("version");
    if (change != null && version != null && details.size() == 2) {
      return unquote(String.valueOf(payloads(change))) + " = version " + payloads(version);
    }
    return new TreeMap<>(details)
        .entrySet().stream()
            .map(d -> d.getKey() + ": " + payloads(d.getValue()))
            .collect(Collectors.joining("; "));
  }

  /** The failure's message with its type, then its causes: "message [Type] ← cause [Type]". */
  static String failure(Failure f) {
    StringBuilder out = new StringBuilder();
    Failure current = f;
    int depth = 0;
    while (current != null && depth++ < 5) {
      if (out.length() > 0) {
        out.append(" ← ");
      }
      out.append(UrlRedaction.redact(current.getMessage()));
      String kind = kind(current);
      if (!kind.isEmpty()) {
        out.append(" [").append(kind).append(']');
      }
      current = current.hasCause() ? current.getCause() : null;
    }
    return shorten(out.toString());
  }

  private static String kind(Failure f) {
    if (f.hasApplicationFailureInfo()) {
      String type = f.getApplicationFailureInfo().getType();
      return f.getApplicationFailureInfo().getNonRetryable() ? type + ", non-retryable" : type;
    }
    if (f.hasTimeoutFailureInfo()) {
      return "timeout " + words(f.getTimeoutFailureInfo().getTimeoutType().name(), "TIMEOUT_TYPE_");
    }
    if (f.hasCanceledFailureInfo()) {
      return "cancelled";
    }
    if (f.hasActivityFailureInfo()) {
      return "activity " + f.getActivityFailureInfo().getActivityType().getName();
    }
    if (f.hasChildWorkflowExecutionFailureInfo()) {
      return "child "
          + f.getChildWorkflowExecutionFailureInfo().getWorkflowExecution().getWorkflowId();
    }
    if (f.hasTerminatedFailureInfo()) {
      return "terminated";
    }
    return "";
  }

  /** Arguments as JSON text: one value as is, several as a JSON array. */
  static String payloads(Payloads payloads) {
    if (payloads == null || payloads.getPayloadsCount() == 0) {
      return null;
    }
    List<String> values = new ArrayList<>();
    for (Payload p : payloads.getPayloadsList()) {
      values.add(text(p));
    }
    String joined = values.size() == 1 ? values.get(0) : "[" + String.join(", ", values) + "]";
    // Delivery targets travel in the job's input: their credentials are not shown.
    return shorten(UrlRedaction.redact(joined));
  }

  private static String text(Payload p) {
    String encoding =
        p.getMetadataMap().containsKey("encoding")
            ? p.getMetadataMap().get("encoding").toStringUtf8()
            : "";
    return switch (encoding) {
      case "json/plain", "json/protobuf" -> p.getData().toString(StandardCharsets.UTF_8);
      case "binary/null" -> "null";
      default ->
          "<"
              + (encoding.isEmpty() ? "unknown encoding" : encoding)
              + ", "
              + p.getData().size()
              + " bytes>";
    };
  }

  private static String unquote(String json) {
    return json.length() >= 2 && json.startsWith("\"") && json.endsWith("\"")
        ? json.substring(1, json.length() - 1)
        : json;
  }

  static String shorten(String s) {
    return s.length() <= MAX_PAYLOAD
        ? s
        : s.substring(0, MAX_PAYLOAD) + "… (" + s.length() + " characters)";
  }

  /** EVENT_TYPE_ACTIVITY_TASK_FAILED → ActivityTaskFailed. */
  static String typeName(EventType type) {
    String words = words(type.name(), "EVENT_TYPE_");
    StringBuilder out = new StringBuilder();
    for (String w : words.split(" ")) {
      if (!w.isEmpty()) {
        out.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
      }
    }
    return out.toString();
  }

  private static String words(String constant, String prefix) {
    String rest = constant.startsWith(prefix) ? constant.substring(prefix.length()) : constant;
    return rest.toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /** Collects one entry's fields; the groups above fill what the event type has. */
  private static final class Builder {
    final String workflowId;
    final HistoryEvent event;
    final EventCategory category;
    String activityType;
    Integer attempt;
    String name;
    String failure;
    String payload;
    String detail;

    Builder(String workflowId, HistoryEvent event, EventCategory category) {
      this.workflowId = workflowId;
      this.event = event;
      this.category = category;
    }

    HistoryEntry build() {
      Instant time =
          Instant.ofEpochSecond(event.getEventTime().getSeconds(), event.getEventTime().getNanos());
      return new HistoryEntry(
          workflowId,
          event.getEventId(),
          time.toString(),
          typeName(event.getEventType()),
          category,
          activityType,
          attempt,
          name,
          failure,
          payload,
          detail == null || detail.isBlank() ? null : detail,
          "",
          "");
    }
  }
}
