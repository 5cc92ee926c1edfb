package io.assay.web.ui;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.report.words.Labels;
import io.assay.store.Artifact;
import io.assay.store.ArtifactStore;
import io.assay.store.JobRecord;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ResponseStatusException;

/**
 * A query result of a job as CSV: every row the query returned (a report shows a few), with the
 * dataset's names for its columns in the header row, as the report names them.
 */
@PageController
class ArtifactCsvController {
  private static final MediaType CSV = new MediaType("text", "csv", StandardCharsets.UTF_8);

  private final VisibleJobs visible;
  private final ArtifactStore artifacts;
  private final DatasetLabels labels;

  ArtifactCsvController(VisibleJobs visible, ArtifactStore artifacts, DatasetLabels labels) {
    this.visible = visible;
    this.artifacts = artifacts;
    this.labels = labels;
  }

  @GetMapping("/jobs/{id}/artifacts/{artifactId}.csv")
  ResponseEntity<String> csv(
      @PathVariable String id, @PathVariable long artifactId, Principal principal) {
    JobRecord job = visible.get(id, principal);
    Artifact artifact =
        artifacts
            .find(artifactId)
            .filter(a -> id.equals(a.info().jobId()))
            .filter(a -> a.info().kind() == ArtifactKind.QUERY_RESULT)
            .orElseThrow(
                () ->
                    new ResponseStatusException(
                        HttpStatus.NOT_FOUND,
                        "Job " + id + " has no query result #" + artifactId + "."));
    String body = write(artifact.json(), labels.of(job.dataset()));
    return ResponseEntity.ok()
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment()
                .filename("assay-" + id + "-" + artifactId + ".csv", StandardCharsets.UTF_8)
                .build()
                .toString())
        .contentType(CSV)
        .body(body);
  }

  static String write(JsonNode content, Labels labels) {
    StringBuilder out = new StringBuilder();
    JsonNode columns = content.path("columns");
    StringBuilder header = new StringBuilder();
    for (int c = 0; c < columns.size(); c++) {
      header.append(c == 0 ? "" : ",").append(cell(labels.label(columns.get(c).asText())));
    }
    out.append(header).append("\r\n");
    for (JsonNode row : content.path("rows")) {
      for (int c = 0; c < row.size(); c++) {
        JsonNode v = row.get(c);
        out.append(c == 0 ? "" : ",").append(v.isNull() ? "" : cell(v.asText()));
      }
      out.append("\r\n");
    }
    return out.toString();
  }

  /**
   * RFC 4180 quoting; a cell a spreadsheet would run as a formula (=, +, -, @ first) is prefixed
   * with an apostrophe unless it is a number.
   */
  static String cell(String text) {
    String t = text;
    if (!t.isEmpty()
        && "=+-@".indexOf(t.charAt(0)) >= 0
        && !t.matches("[-+]?\\d+(\\.\\d+)?([eE][-+]?\\d+)?")) {
      t = "'" + t;
    }
    if (t.contains(",") || t.contains("\"") || t.contains("\n") || t.contains("\r")) {
      return "\"" + t.replace("\"", "\"\"") + "\"";
    }
    return t;
  }
}
