package io.assay.web.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;

/**
 * An activity attempt that failed, as the worker recorded it in the job's event stream. Temporal's
 * history keeps a retried activity's last attempt only (its started event, with the failure of the
 * attempt before); the attempts before that are known from these records.
 *
 * @param runId the workflow run the activity belongs to
 * @param activityId the activity's id within that run (the same for each of its attempts)
 * @param startedAt when the attempt started (ISO instant)
 * @param failedAt when it failed (ISO instant)
 * @param failure the exception's type and message
 */
public record FailedAttempt(
    String workflowId,
    String runId,
    String activityId,
    String activityType,
    int attempt,
    String startedAt,
    String failedAt,
    String failure) {

  /** The job event type these records are stored under. */
  public static final String EVENT = "activity_attempt_failed";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The job event's key: one record per attempt, however often the recording is retried. */
  public String eventKey() {
    return "attempt:" + workflowId + ":" + runId + ":" + activityId + ":" + attempt;
  }

  public String toJson() {
    try {
      return JSON.writeValueAsString(this);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The record in a job event's payload; empty when the payload is not one. */
  static Optional<FailedAttempt> fromJson(String payload) {
    try {
      return Optional.of(JSON.readValue(payload, FailedAttempt.class));
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }

  /** The job a workflow belongs to: its id up to the first colon (a step is {@code job:i:name}). */
  public static String jobOf(String workflowId) {
    int colon = workflowId.indexOf(':');
    return colon < 0 ? workflowId : workflowId.substring(0, colon);
  }
}
