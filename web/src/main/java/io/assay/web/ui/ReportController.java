package io.assay.web.ui;

import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.report.FrozenReport;
import io.assay.report.ReportStore;
import io.assay.report.words.Labels;
import io.assay.store.ArtifactStore;
import io.assay.store.JobRecord;
import io.assay.web.security.SecurityConfig;
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
 * The frozen report of a job: the HTML rendering in a sandboxed frame (it is sanitised when
 * rendered; the sandbox and its own content security policy mean that even a sanitiser miss could
 * not run script or reach this application), the Markdown rendering as text, and both as downloads.
 * Both come from the one frozen body whose checksum the page shows.
 */
@PageController
class ReportController {
  static final String FRAME_POLICY = SecurityConfig.REPORT_CONTENT_POLICY;

  /**
   * The report page's frame: as sandboxed, except that the page (same origin) may measure its
   * height to size the frame to its content. The frame itself still runs no script at all.
   */
  static final String SIZED_FRAME_POLICY =
      "sandbox allow-same-origin; default-src 'none'; script-src 'none'; style-src"
          + " 'unsafe-inline'; img-src data:; form-action 'none'; frame-ancestors 'self'";

  private static final MediaType MARKDOWN =
      new MediaType("text", "markdown", StandardCharsets.UTF_8);
  private static final MediaType HTML = new MediaType("text", "html", StandardCharsets.UTF_8);

  private final VisibleJobs visible;
  private final ReportStore reports;
  private final ArtifactStore artifacts;
  private final DatasetLabels labels;

  ReportController(
      VisibleJobs visible, ReportStore reports, ArtifactStore artifacts, DatasetLabels labels) {
    this.visible = visible;
    this.reports = reports;
    this.artifacts = artifacts;
    this.labels = labels;
  }

  /** A full query result offered for download: its artifact id and how the link reads. */
  record Result(long id, String label) {}

  /** "step 2" for a step id {@code job:1:drill_down}; the id itself otherwise. */
  static String step(String stepId) {
    String[] parts = stepId == null ? new String[0] : stepId.split(":");
    if (parts.length >= 3 && parts[parts.length - 2].matches("\\d{1,9}")) {
      return "step " + (Long.parseLong(parts[parts.length - 2]) + 1);
    }
    return String.valueOf(stepId);
  }

  /**
   * "step 2 · drill-down" for {@code job:1:drill_down}, the analysis by its own name in {@code
   * labels}; the id itself otherwise.
   */
  static String stepWords(String stepId, Labels labels) {
    String step = step(stepId);
    if (stepId == null || step.equals(stepId)) {
      return step;
    }
    return step + " · " + labels.analysisInText(stepId.substring(stepId.lastIndexOf(':') + 1));
  }

  /** "step 2 · drill-down (result 65)": which step's rows, and which of its results. */
  static String result(String stepId, long artifactId, Labels labels) {
    return stepWords(stepId, labels) + " (result " + artifactId + ")";
  }

  @GetMapping("/jobs/{id}/report")
  String report(@PathVariable String id, Principal principal, Model model) {
    JobRecord job = visible.get(id, principal);
    model.addAttribute("job", job);
    model.addAttribute("report", frozen(id));
    Labels names = labels.of(job.dataset());
    // A report shows a few rows of each answer; the full results download as CSV.
    model.addAttribute(
        "results",
        artifacts.infoForJob(id).stream()
            .filter(a -> a.kind() == ArtifactKind.QUERY_RESULT)
            .filter(a -> a.status() == ArtifactStatus.ACCEPTED)
            .map(a -> new Result(a.ref().id(), result(a.stepId(), a.ref().id(), names)))
            .toList());
    return "jobs/report";
  }

  /** The HTML report alone, for the frame on the report page. */
  @GetMapping("/jobs/{id}/report/frame")
  ResponseEntity<String> frame(@PathVariable String id, Principal principal) {
    visible.get(id, principal);
    return ResponseEntity.ok()
        .header("Content-Security-Policy", SIZED_FRAME_POLICY)
        .contentType(HTML)
        .body(frozen(id).html());
  }

  @GetMapping("/jobs/{id}/report.md")
  ResponseEntity<String> markdown(@PathVariable String id, Principal principal) {
    visible.get(id, principal);
    return download(frozen(id).markdown(), MARKDOWN, "assay-" + id + ".md");
  }

  @GetMapping("/jobs/{id}/report.html")
  ResponseEntity<String> html(@PathVariable String id, Principal principal) {
    visible.get(id, principal);
    return download(frozen(id).html(), HTML, "assay-" + id + ".html");
  }

  private FrozenReport frozen(String id) {
    return reports
        .find(id)
        .orElseThrow(
            () ->
                new ResponseStatusException(
                    HttpStatus.NOT_FOUND,
                    "Job "
                        + id
                        + " has no report yet; it is written when the job reaches REPORTING."));
  }

  private static ResponseEntity<String> download(String body, MediaType type, String filename) {
    return ResponseEntity.ok()
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment()
                .filename(filename, StandardCharsets.UTF_8)
                .build()
                .toString())
        .header("Content-Security-Policy", FRAME_POLICY)
        .contentType(type)
        .body(body);
  }
}
