package io.assay.web.monitor;

import io.assay.store.FeedbackRecord;
import io.assay.store.JobRecord;
import io.assay.web.jobs.JobAccess;
import io.assay.web.jobs.JobService;
import java.net.URI;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Feedback on a job's flagged intervals, over REST. */
@RestController
public class FeedbackApiController {
  private final JobService jobs;
  private final FeedbackService feedback;

  public FeedbackApiController(JobService jobs, FeedbackService feedback) {
    this.jobs = jobs;
    this.feedback = feedback;
  }

  /** The intervals the job flagged and every verdict given on them. */
  @GetMapping("/api/jobs/{id}/feedback")
  public Map<String, Object> list(@PathVariable String id, Principal principal) {
    JobRecord job = visible(id, principal);
    return Map.of("flagged", feedback.flagged(job.id()), "feedback", feedback.forJob(job.id()));
  }

  /**
   * Body {@code {"from": "1997-06-01", "to": "1997-06-30", "verdict": "NOT_INCIDENT", "note":
   * "…"}}, optionally with {@code stepId}.
   */
  @PostMapping("/api/jobs/{id}/feedback")
  public ResponseEntity<FeedbackRecord> give(
      @PathVariable String id, @RequestBody FeedbackBody body, Principal principal) {
    JobRecord job = visible(id, principal);
    FeedbackBody b = body == null ? new FeedbackBody(null, null, null, null, null) : body;
    FeedbackRecord saved =
        feedback.give(
            job, b.stepId(), b.from(), b.to(), b.verdict(), b.note(), JobAccess.name(principal));
    return ResponseEntity.created(URI.create("/api/jobs/" + id + "/feedback")).body(saved);
  }

  public record FeedbackBody(String stepId, String from, String to, String verdict, String note) {}

  private JobRecord visible(String id, Principal principal) {
    JobRecord job =
        jobs.find(id)
            .orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No job " + id + "."));
    JobAccess.check(job, principal);
    return job;
  }

  static List<String> verdicts() {
    return List.of("REAL_INCIDENT", "NOT_INCIDENT", "EXPECTED");
  }
}
