package io.assay.web.jobs;

import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.report.FrozenReport;
import io.assay.report.ReportStore;
import io.assay.store.JobEvent;
import io.assay.store.JobQuery;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.errors.InvalidRequest;
import io.assay.web.security.SecurityConfig;
import jakarta.validation.Valid;
import java.net.URI;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The jobs REST API; it mirrors what the UI can do. Errors are RFC 7807 problem details. */
@RestController
@RequestMapping("/api/jobs")
public class JobApiController {
  static final int MAX_PAGE_SIZE = 200;
  private final JobService jobs;
  private final JobStore store;
  private final ReportStore reports;

  public JobApiController(JobService jobs, JobStore store, ReportStore reports) {
    this.jobs = jobs;
    this.store = store;
    this.reports = reports;
  }

  @PostMapping
  public ResponseEntity<Map<String, String>> submit(
      @Valid @RequestBody JobSubmission submission, Principal principal) {
    String id = jobs.submit(submission, JobAccess.name(principal));
    return ResponseEntity.created(URI.create("/api/jobs/" + id)).body(Map.of("id", id));
  }

  /** The jobs the caller may see, newest first; {@code page} counts from 0. */
  @GetMapping
  public Map<String, Object> list(
      @RequestParam(required = false) JobState state,
      @RequestParam(required = false) String q,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "20") int size,
      Principal principal) {
    if (size < 1 || size > MAX_PAGE_SIZE) {
      throw new InvalidRequest("size", "size must be between 1 and " + MAX_PAGE_SIZE + ".");
    }
    if (q != null && q.length() > 200) {
      throw new InvalidRequest("q", "q is at most 200 characters.");
    }
    if (q != null && q.indexOf('\u0000') >= 0) {
      throw new InvalidRequest("q", "q may not contain NUL characters.");
    }
    JobQuery query = new JobQuery(JobAccess.ownerFilter(principal), state, q, 0, size);
    int total = jobs.count(query);
    int last = Math.max(0, (total - 1) / size);
    if (page < 0 || page > last) {
      throw new InvalidRequest(
          "page",
          "page must be between 0 and " + last + " (" + total + " jobs, " + size + " a page).");
    }
    query = new JobQuery(query.owner(), state, q, page, size);
    return Map.of("jobs", jobs.list(query), "total", total, "page", page);
  }

  @GetMapping("/{id}")
  public JobView get(@PathVariable String id, Principal principal) {
    JobRecord job = visible(id, principal);
    return new JobView(job, jobs.progress(id).orElse(null), JobNotices.of(store.events(id, 0)));
  }

  @GetMapping("/{id}/events")
  public List<JobEvent> events(
      @PathVariable String id, @RequestParam(defaultValue = "0") long after, Principal principal) {
    visible(id, principal);
    return store.events(id, after);
  }

  @GetMapping(value = "/{id}/report.md", produces = "text/markdown;charset=UTF-8")
  public String markdown(@PathVariable String id, Principal principal) {
    return report(id, "markdown", principal);
  }

  /** Sandboxed like the report page's frame: it is served on the application's origin. */
  @GetMapping(value = "/{id}/report.html", produces = MediaType.TEXT_HTML_VALUE)
  public ResponseEntity<String> html(@PathVariable String id, Principal principal) {
    return ResponseEntity.ok()
        .header("Content-Security-Policy", SecurityConfig.REPORT_CONTENT_POLICY)
        .contentType(MediaType.TEXT_HTML)
        .body(report(id, "html", principal));
  }

  @PostMapping("/{id}/approve")
  public JobProgress approve(@PathVariable String id, Principal principal) {
    visible(id, principal);
    return jobs.approve(id, JobAccess.name(principal));
  }

  @PostMapping("/{id}/edits")
  public Plan edit(@PathVariable String id, @RequestBody PlanEdit edit, Principal principal) {
    visible(id, principal);
    EditLimits.check(edit);
    return jobs.edit(id, JobAccess.name(principal), edit);
  }

  @PostMapping("/{id}/answers")
  public JobProgress answer(
      @PathVariable String id, @Valid @RequestBody AnswerBody body, Principal principal) {
    visible(id, principal);
    return jobs.answer(
        id,
        new ClarificationAnswer(body.clarificationId(), body.value(), JobAccess.name(principal)));
  }

  @PostMapping("/{id}/steps/{index}/retry")
  public JobProgress retry(@PathVariable String id, @PathVariable int index, Principal principal) {
    visible(id, principal);
    return jobs.retry(id, JobAccess.name(principal), index);
  }

  /** Edit and resubmit a failed or cancelled job: a new job linked to this one. */
  @PostMapping("/{id}/resubmit")
  public ResponseEntity<Map<String, String>> resubmit(
      @PathVariable String id, @Valid @RequestBody Resubmission body, Principal principal) {
    visible(id, principal);
    String created = jobs.resubmit(id, JobAccess.name(principal), body);
    return ResponseEntity.created(URI.create("/api/jobs/" + created))
        .body(Map.of("id", created, "resubmittedFrom", id));
  }

  @PostMapping("/{id}/cancel")
  public ResponseEntity<Void> cancel(
      @PathVariable String id,
      @Valid @RequestBody(required = false) CancelBody body,
      Principal principal) {
    visible(id, principal);
    jobs.cancel(id, JobAccess.name(principal), body == null ? null : body.reason());
    return ResponseEntity.accepted().build();
  }

  private String report(String id, String format, Principal principal) {
    visible(id, principal);
    FrozenReport report =
        reports
            .find(id)
            .orElseThrow(
                () ->
                    new ResponseStatusException(
                        HttpStatus.NOT_FOUND, "The job has no report yet."));
    return format.equals("html") ? report.html() : report.markdown();
  }

  private JobRecord visible(String id, Principal principal) {
    JobRecord job =
        jobs.find(id)
            .orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No job " + id + "."));
    JobAccess.check(job, principal);
    return job;
  }

  /**
   * A job with its live progress.
   *
   * @param notices what the job page shows above everything else (e.g. that the job ran without its
   *     configured model)
   */
  public record JobView(JobRecord job, JobProgress progress, List<String> notices) {}
}
