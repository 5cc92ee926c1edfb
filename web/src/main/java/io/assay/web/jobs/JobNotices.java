package io.assay.web.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.store.JobEvent;
import io.assay.understand.model.ModelReading;
import java.util.List;
import java.util.Set;

/**
 * What people should read on the job itself, beside its state: today that the job ran without its
 * configured model (unreachable, or the job's token budget spent), which the worker records as a
 * {@link ModelReading#NOTICE_EVENT} event. Shown on the job page and in {@code GET /api/jobs/{id}}.
 */
public final class JobNotices {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> TYPES = Set.of(ModelReading.NOTICE_EVENT);

  private JobNotices() {}

  /** The notices among a job's events, oldest first, each message once. */
  public static List<String> of(List<JobEvent> events) {
    return events.stream()
        .filter(e -> TYPES.contains(e.type()))
        .map(JobNotices::message)
        .filter(m -> !m.isBlank())
        .distinct()
        .toList();
  }

  private static String message(JobEvent e) {
    try {
      return JSON.readTree(e.payloadJson()).path("message").asText("");
    } catch (JsonProcessingException bad) {
      return "";
    }
  }
}
