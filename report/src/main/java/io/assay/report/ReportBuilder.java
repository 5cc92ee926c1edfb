package io.assay.report;

import io.assay.contract.report.ReportRequest;
import io.assay.report.body.ReportBody;
import io.assay.report.check.CheckedBody;
import io.assay.report.check.ReportRepairer;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.narrative.BodyReviser;
import io.assay.report.narrative.ReportWriter;
import io.assay.report.render.HtmlAudit;
import io.assay.report.render.HtmlRenderer;
import io.assay.report.render.MarkdownAudit;
import io.assay.report.render.MarkdownRenderer;
import io.assay.report.words.Labels;
import io.assay.store.CanonicalJson;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The pure report pipeline: outline → deterministic body → optional reviser (LLM rewording) →
 * checks with bounded repair → freeze (canonical JSON + SHA-256) → HTML and Markdown from the
 * frozen body → audits of both renderings. No database: the caller supplies the evidence pool.
 */
public final class ReportBuilder {
  private final ReportWriter writer;
  private final BodyReviser reviser;
  private final ReportRepairer repairer;
  private final HtmlRenderer html;
  private final MarkdownRenderer markdown;
  private final Supplier<Labels> labels;

  /**
   * @param labels the labels of the dataset the report is written in, asked for once per report (a
   *     worker serves several datasets, so this resolves in the job's dataset scope)
   */
  public ReportBuilder(BodyReviser reviser, ReportRepairer repairer, Supplier<Labels> labels) {
    this.labels = labels;
    this.writer = new ReportWriter();
    this.reviser = reviser;
    this.repairer = repairer;
    this.html = new HtmlRenderer();
    this.markdown = new MarkdownRenderer();
  }

  public ReportBuilder(BodyReviser reviser, ReportRepairer repairer) {
    this(reviser, repairer, () -> Labels.NONE);
  }

  /** Labels from the dataset's recon, e.g. {@code () -> Labels.from(recon.get())}. */
  public ReportBuilder(Supplier<Labels> labels) {
    this(BodyReviser.NONE, new ReportRepairer(), labels);
  }

  public ReportBuilder() {
    this(BodyReviser.NONE, new ReportRepairer());
  }

  /**
   * Builds and freezes the report.
   *
   * @throws io.assay.report.check.ReportCheckFailedException when the body still fails its checks
   *     after the allowed repairs
   * @throws ReportRenderingException when a rendering fails its audit (a renderer defect)
   */
  public FrozenReport build(ReportRequest request, EvidencePool pool, Instant frozenAt) {
    if (!pool.jobId().equals(request.jobId())) {
      throw new IllegalArgumentException(
          "evidence pool of job "
              + pool.jobId()
              + " cannot build the report of "
              + request.jobId());
    }
    Outline outline = Outline.of(request, pool);
    String at = frozenAt.truncatedTo(ChronoUnit.SECONDS).toString();
    ReportBody draft =
        writer.write(
            request.jobId(), request.title(), at, request.context(), outline, pool, labels.get());
    CheckedBody checked = repairer.checkAndRepair(reviser.revise(draft), outline, pool);
    ReportBody body = checked.body();
    String json = CanonicalJson.write(body);
    String checksum = CanonicalJson.sha256(json);
    String htmlText = html.render(body, checksum);
    String markdownText = markdown.render(body, checksum);
    List<String> problems = new ArrayList<>();
    HtmlAudit.audit(htmlText, body).forEach(p -> problems.add("HTML: " + p));
    MarkdownAudit.audit(markdownText, body).forEach(p -> problems.add("Markdown: " + p));
    if (!problems.isEmpty()) {
      throw new ReportRenderingException(problems);
    }
    return FrozenReport.of(body, json, outline, checked.history(), htmlText, markdownText);
  }
}
