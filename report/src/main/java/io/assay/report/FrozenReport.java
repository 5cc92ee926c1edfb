package io.assay.report;

import io.assay.contract.report.ReportRef;
import io.assay.report.body.ReportBody;
import io.assay.report.check.CheckReport;
import io.assay.store.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A body that passed its checks, frozen: its canonical JSON and checksum, and the HTML and Markdown
 * rendered from it, each with its own checksum.
 */
public record FrozenReport(
    ReportBody body,
    String bodyJson,
    String bodySha256,
    Outline outline,
    List<CheckReport> checkHistory,
    String html,
    String htmlSha256,
    String markdown,
    String markdownSha256) {

  public FrozenReport {
    checkHistory = List.copyOf(checkHistory);
  }

  /**
   * Freezes {@code body}: its canonical JSON ({@code json}, written once by the builder), SHA-256,
   * and both renderings from that one value.
   */
  static FrozenReport of(
      ReportBody body,
      String json,
      Outline outline,
      List<CheckReport> history,
      String html,
      String markdown) {
    return new FrozenReport(
        body,
        json,
        CanonicalJson.sha256(json),
        outline,
        history,
        html,
        CanonicalJson.sha256(html),
        markdown,
        CanonicalJson.sha256(markdown));
  }

  /** True when every stored checksum still matches its content. */
  public boolean intact() {
    return CanonicalJson.sha256(bodyJson).equals(bodySha256)
        && CanonicalJson.sha256(html).equals(htmlSha256)
        && CanonicalJson.sha256(markdown).equals(markdownSha256)
        && CanonicalJson.write(body).equals(bodyJson);
  }

  public int repairs() {
    return checkHistory.size() - 1;
  }

  public ReportRef ref() {
    return new ReportRef(
        body.jobId(),
        bodySha256,
        htmlSha256,
        markdownSha256,
        html.getBytes(StandardCharsets.UTF_8).length,
        markdown.getBytes(StandardCharsets.UTF_8).length,
        body.sections().size(),
        body.facts().size(),
        repairs(),
        body.frozenAt());
  }
}
