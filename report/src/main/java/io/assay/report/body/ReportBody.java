package io.assay.report.body;

import io.assay.contract.report.FrozenContext;
import io.assay.report.words.Labels;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The structured report: sections → blocks → sentences → facts, plus the context frozen at report
 * start. HTML and Markdown are both rendered from this one value, and its canonical JSON hash is
 * the report's checksum.
 *
 * @param frozenAt ISO instant the context was frozen
 * @param labels what people read for the raw names in charts and tables ({@code district.a3} →
 *     "Region"), from the dataset's YAML when the report was written; names without a label are
 *     shown as they are
 */
public record ReportBody(
    String jobId,
    String title,
    String frozenAt,
    FrozenContext context,
    List<Section> sections,
    Map<String, String> labels) {

  public ReportBody {
    sections = List.copyOf(sections);
    labels = labels == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(labels));
  }

  public ReportBody(
      String jobId, String title, String frozenAt, FrozenContext context, List<Section> sections) {
    this(jobId, title, frozenAt, context, sections, Map.of());
  }

  /** What people read for {@code raw}. */
  public String label(String raw) {
    return Labels.of(labels).label(raw);
  }

  public Optional<Section> section(String sectionId) {
    return sections.stream().filter(s -> s.id().equals(sectionId)).findFirst();
  }

  public ReportBody withSections(List<Section> newSections) {
    return new ReportBody(jobId, title, frozenAt, context, newSections, labels);
  }

  /** Every fact of every section. */
  public List<Fact> facts() {
    return sections.stream().flatMap(s -> s.facts().stream()).toList();
  }

  public Optional<Fact> fact(String factId) {
    return facts().stream().filter(f -> f.id().equals(factId)).findFirst();
  }
}
