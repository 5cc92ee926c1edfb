package io.assay.report.body;

import io.assay.contract.report.FrozenContext;
import java.util.List;
import java.util.Optional;

/**
 * The structured report: sections → blocks → sentences → facts, plus the context frozen at report
 * start. HTML and Markdown are both rendered from this one value, and its canonical JSON hash is
 * the report's checksum.
 *
 * @param frozenAt ISO instant the context was frozen
 */
public record ReportBody(
    String jobId, String title, String frozenAt, FrozenContext context, List<Section> sections) {

  public ReportBody {
    sections = List.copyOf(sections);
  }

  public Optional<Section> section(String sectionId) {
    return sections.stream().filter(s -> s.id().equals(sectionId)).findFirst();
  }

  public ReportBody withSections(List<Section> newSections) {
    return new ReportBody(jobId, title, frozenAt, context, newSections);
  }

  /** Every fact of every section. */
  public List<Fact> facts() {
    return sections.stream().flatMap(s -> s.facts().stream()).toList();
  }

  public Optional<Fact> fact(String factId) {
    return facts().stream().filter(f -> f.id().equals(factId)).findFirst();
  }
}
