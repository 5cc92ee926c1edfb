package io.assay.web.ui;

import io.assay.activities.job.JobRecord;
import io.assay.activities.job.JobStore;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ResponseStatusException;

/**
 * The report of a job: the HTML version in a sandboxed frame (it is sanitised when rendered; the
 * sandbox and its own content security policy mean that even a sanitiser miss could not run script
 * or reach this application), the Markdown version as text, and both as downloads.
 */
@PageController
class ReportController {
  /** No script, no same-origin access, nothing loaded from anywhere; inline styles and data images. */
  static final String FRAME_POLICY =
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

  private static final MediaType MARKDOWN = new MediaType("text", "markdown", StandardCharsets.UTF_8);
  private static final MediaType HTML = new MediaType("text", "html", StandardCharsets.UTF_8);

  private final VisibleJobs visible;
  private final JobStore store;

  ReportController(VisibleJobs visible, JobStore store) {
    this.visible = visible;
    this.store = store;
  }

  @GetMapping("/jobs/{id}/report")
  String report(@PathVariable String id, Principal principal, Model model) {
    JobRecord job = visible.get(id, principal);
    String markdown = body(id, "markdown");
    model.addAttribute("job", job);
    model.addAttribute("markdown", markdown);
    model.addAttribute("hasHtml", store.report(id, "html").isPresent());
    return "jobs/report";
  }

  /** The HTML report alone, for the frame on the report page. */
  @GetMapping("/jobs/{id}/report/frame")
  ResponseEntity<String> frame(@PathVariable String id, Principal principal) {
    visible.get(id, principal);
    return ResponseEntity.ok()
        .header("Content-Security-Policy", FRAME_POLICY)
        .contentType(HTML)
        .body(body(id, "html"));
  }

  @GetMapping("/jobs/{id}/report.md")
  ResponseEntity<String> markdown(@PathVariable String id, Principal principal) {
    visible.get(id, principal);
    return download(body(id, "markdown"), MARKDOWN, "assay-" + id + ".md");
  }

  @GetMapping("/jobs/{id}/report.html")
  ResponseEntity<String> html(@PathVariable String id, Principal principal) {
    visible.get(id, principal);
    return download(body(id, "html"), HTML, "assay-" + id + ".html");
  }

  private String body(String id, String format) {
    return store
        .report(id, format)
        .orElseThrow(
            () ->
                new ResponseStatusException(
                    HttpStatus.NOT_FOUND, "Job " + id + " has no report yet; it is written when the job reaches REPORTING."));
  }

  private static ResponseEntity<String> download(String body, MediaType type, String filename) {
    return ResponseEntity.ok()
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment().filename(filename, StandardCharsets.UTF_8).build().toString())
        .header("Content-Security-Policy", FRAME_POLICY)
        .contentType(type)
        .body(body);
  }
}
