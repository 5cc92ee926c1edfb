package io.assay.web.ui;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.security.Principal;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Live progress of a job as server-sent events, for the job page and for API clients alike (see
 * {@link JobStreams} for the event names). A reconnecting client resumes after the {@code
 * Last-Event-ID} it was last sent.
 */
@RestController
@Tag(name = "Live progress", description = "Server-sent events of a running job")
class JobStreamController {
  private final VisibleJobs visible;
  private final JobStreams streams;

  JobStreamController(VisibleJobs visible, JobStreams streams) {
    this.visible = visible;
    this.streams = streams;
  }

  @Operation(
      summary = "Follow a job live",
      description =
          "Server-sent events: job-event (each stored event, SSE id = event id), progress (state,"
              + " steps done/total, current step, last error) on every change, end when the job"
              + " has finished.")
  @GetMapping(
      value = {"/api/jobs/{id}/stream", "/jobs/{id}/stream"},
      produces = MediaType.TEXT_EVENT_STREAM_VALUE)
  SseEmitter stream(
      @PathVariable String id,
      @RequestParam(defaultValue = "0") long after,
      @RequestHeader(value = "Last-Event-ID", required = false) Long lastEventId,
      Principal principal) {
    visible.get(id, principal);
    return streams.open(id, lastEventId != null ? lastEventId : after);
  }
}
