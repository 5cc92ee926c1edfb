package io.assay.report.check;

import io.assay.report.Outline;
import io.assay.report.OutlineSection;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.narrative.ReportWriter;
import io.assay.report.words.Labels;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Check, and on failure regenerate only the sections with issues from the evidence pool, then check
 * again; after {@code maxRepairs} failed repairs give up with every round's report.
 */
public final class ReportRepairer {
  public static final int DEFAULT_MAX_REPAIRS = 2;

  private final ReportChecker checker;
  private final ReportWriter writer;
  private final int maxRepairs;

  public ReportRepairer(ReportChecker checker, ReportWriter writer, int maxRepairs) {
    if (maxRepairs < 0) {
      throw new IllegalArgumentException("max repairs cannot be negative");
    }
    this.checker = checker;
    this.writer = writer;
    this.maxRepairs = maxRepairs;
  }

  public ReportRepairer() {
    this(new ReportChecker(), new ReportWriter(), DEFAULT_MAX_REPAIRS);
  }

  public CheckedBody checkAndRepair(ReportBody draft, Outline outline, EvidencePool pool) {
    List<CheckReport> history = new ArrayList<>();
    ReportBody body = draft;
    for (int round = 0; ; round++) {
      CheckReport report = checker.check(new CheckInput(body, outline, pool), round);
      history.add(report);
      if (report.passed()) {
        return new CheckedBody(body, history);
      }
      if (round == maxRepairs) {
        throw new ReportCheckFailedException(history);
      }
      body = regenerate(body, report, outline, pool);
    }
  }

  /**
   * Sections in outline order: those with issues written again, the others kept as they are.
   * Sections the outline does not plan always carry a coverage issue and are dropped.
   */
  private ReportBody regenerate(
      ReportBody body, CheckReport report, Outline outline, EvidencePool pool) {
    Set<String> repair = report.sectionsToRepair();
    List<Section> sections = new ArrayList<>();
    for (OutlineSection planned : outline.sections()) {
      Optional<Section> current = body.section(planned.sectionId());
      sections.add(
          repair.contains(planned.sectionId()) || current.isEmpty()
              ? writer.failuresInWords(
                  writer.section(planned, pool, Labels.of(body.labels())), pool, body.labels())
              : current.get());
    }
    return body.withSections(sections);
  }
}
