package io.assay.report.render;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.body.Block;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import io.assay.report.words.RawNames;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * "Presentation cannot create numbers." A digit may appear in the visible text of a rendered report
 * only inside one of these, each checked against the frozen body:
 *
 * <ol>
 *   <li><b>a fact</b> ({@code data-fact="id"}): the text must equal that fact's value within the
 *       rounding it shows, and the fact binds artifacts and a derivation;
 *   <li><b>a date</b> ({@code <time datetime>} in HTML, {@code data-date} in SVG): the text must be
 *       the ISO year, month, day or instant in the attribute as people write it at the grain in
 *       {@code data-grain} ({@link io.assay.report.words.Periods}: "June 1997" for {@code
 *       1997-06-01} at month grain). Dates place figures in time; they are not figures, including
 *       bare years such as 1997. A point's hover text carries both marks and reads "period: value";
 *   <li><b>verbatim text</b> ({@code data-verbatim}): text recorded elsewhere and reproduced
 *       exactly — the question and people's plan edits, the frozen definitions, filters and
 *       limitations, and what Findings say in words (goals, labels, element names, errors). Their
 *       digits belong to their authors (a district code, "top 9"), not to the report;
 *   <li><b>an artifact reference</b> ({@code data-artifact="id"}): the text must be that artifact's
 *       label ({@code #12·3f2a9c1e}), an identifier.
 * </ol>
 *
 * Everything else the renderer writes — headings, glue words, legends — contains no digit. Section
 * and step numbering are never written as text: ordered lists number themselves, so numbering adds
 * no digit to the text. Markdown follows the same rule with its own marks (numbers must be fact
 * texts, dates, verbatim text or artifact labels).
 */
public final class PresentationRule {
  private PresentationRule() {}

  public static boolean hasDigit(String text) {
    return text.chars().anyMatch(Character::isDigit);
  }

  /** Every string the body allows to be shown verbatim. */
  public static Set<String> verbatim(ReportBody body) {
    Set<String> out = new LinkedHashSet<>(body.context().verbatim());
    RawNames names = RawNames.of(body.labels());
    // Headings, chart titles, edits and limitations are shown relabeled too.
    body.context().verbatim().forEach(v -> out.add(names.relabel(v)));
    out.add(body.title());
    out.add(body.jobId());
    for (Section s : body.sections()) {
      out.add(s.question());
      out.add(names.relabel(s.question()));
      for (Sentence t : s.sentences()) {
        for (Segment g : t.segments()) {
          if (g instanceof Segment.Quote q) {
            out.add(q.text());
            out.add(names.relabel(q.text()));
            out.add(names.relabel(q.text(), true));
          }
        }
      }
      s.facts().forEach(f -> out.add(f.unit()));
      for (Block b : s.blocks()) {
        if (b instanceof Block.Chart c) {
          for (String text : chartText(c.data())) {
            out.add(text);
            out.add(body.label(text));
            // Headings, elements and cells are shown in people's words.
            out.add(names.relabel(text));
            out.add(names.relabel(body.label(text)));
          }
          out.add(names.relabel(c.data().title()));
        }
      }
    }
    out.remove("");
    return out;
  }

  /** Artifact labels cited by the body, by artifact id. */
  public static Map<Long, String> artifactLabels(ReportBody body) {
    Map<Long, String> out = new LinkedHashMap<>();
    for (Section s : body.sections()) {
      for (Block b : s.blocks()) {
        if (b instanceof Block.Evidence e) {
          for (ArtifactRef ref : e.refs()) {
            out.put(ref.id(), ref.label());
          }
        }
      }
    }
    return out;
  }

  static Set<String> chartText(ChartData chart) {
    Set<String> out = new LinkedHashSet<>();
    out.add(chart.title());
    if (chart instanceof TimeSeriesChart ts) {
      out.add(ts.unit());
    } else if (chart instanceof ContributionBars bars) {
      out.add(bars.dimension());
      out.add(bars.unit());
      bars.bars().forEach(b -> out.add(b.element()));
    } else if (chart instanceof TableData table) {
      out.addAll(table.labelColumns());
      table
          .valueColumns()
          .forEach(
              c -> {
                out.add(c.name());
                out.add(c.unit());
              });
      table.rows().forEach(r -> out.addAll(r.labels()));
    }
    return out;
  }
}
