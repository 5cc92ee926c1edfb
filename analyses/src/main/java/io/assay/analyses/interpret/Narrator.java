package io.assay.analyses.interpret;

import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.StatementTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The deterministic narrative of a Finding: its statements with every {@code {fig:id}} written as
 * that figure's display text and unit, dates and labels as given. The literal text of a statement
 * cannot hold digits ({@link StatementTemplate}), so every number in the narrative is a figure, a
 * date or a name from the data.
 */
public final class Narrator {
  private Narrator() {}

  public static Narrative narrate(Finding finding) {
    Map<String, Figure> figures = figures(finding);
    List<String> sentences = new ArrayList<>();
    for (String statement : finding.statements()) {
      sentences.add(render(statement, figures));
    }
    if (sentences.isEmpty()) {
      sentences.add(fallback(finding));
    }
    return new Narrative(String.join(" ", sentences), Narrative.Source.DETERMINISTIC, List.of());
  }

  /** One statement written out. */
  public static String render(String statement, Map<String, Figure> figures) {
    StringBuilder out = new StringBuilder();
    for (StatementTemplate.Part part : StatementTemplate.parse(statement)) {
      if (part instanceof StatementTemplate.Literal l) {
        out.append(l.text());
      } else if (part instanceof StatementTemplate.DatePart d) {
        out.append(d.iso());
      } else if (part instanceof StatementTemplate.LabelPart l) {
        out.append(l.text());
      } else if (part instanceof StatementTemplate.FigurePart fp) {
        Figure f = figures.get(fp.figureId());
        if (f == null) {
          throw new IllegalArgumentException(
              "statement names figure " + fp.figureId() + " which the finding lacks");
        }
        out.append(f.display());
        if (!f.unit().isEmpty()) {
          out.append(' ').append(f.unit());
        }
      }
    }
    return out.toString();
  }

  static Map<String, Figure> figures(Finding finding) {
    Map<String, Figure> m = new HashMap<>();
    for (Figure f : finding.figures()) {
      m.put(f.id(), f);
    }
    return m;
  }

  /** Without statements: what happened, in words only (errors may quote numbers of their own). */
  private static String fallback(Finding finding) {
    String name = finding.analysis().replace('_', ' ');
    return finding.status() == FindingStatus.OK
        ? "The " + name + " step produced no statement."
        : finding.status() == FindingStatus.EMPTY
            ? "The " + name + " step found no data to report on."
            : "The " + name + " step could not complete; its errors say why.";
  }

  /** Dates and labels a narrative of this finding may contain besides figures. */
  static List<String> verbatim(Finding finding) {
    List<String> out = new ArrayList<>();
    for (String statement : finding.statements()) {
      for (StatementTemplate.Part part : StatementTemplate.parse(statement)) {
        if (part instanceof StatementTemplate.DatePart d) {
          out.add(d.iso());
        } else if (part instanceof StatementTemplate.LabelPart l) {
          out.add(l.text());
        }
      }
    }
    return out;
  }
}
