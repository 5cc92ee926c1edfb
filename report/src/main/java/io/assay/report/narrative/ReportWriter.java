package io.assay.report.narrative;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.IsoPeriod;
import io.assay.contract.finding.StatementTemplate;
import io.assay.contract.finding.TableData;
import io.assay.contract.report.FrozenContext;
import io.assay.report.Outline;
import io.assay.report.OutlineSection;
import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.words.Labels;
import io.assay.report.words.Periods;
import io.assay.report.words.ProblemWords;
import io.assay.report.words.RawNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes the report body from the outline and the evidence pool, deterministically: the same pool
 * gives the same body, byte for byte. Every number it writes is a fact built from a Finding's
 * figure or read from a chart's artifact; everything a Finding says in words is quoted, not
 * paraphrased.
 *
 * <p>It trusts the Findings: a Finding citing a revoked artifact, or a chart that differs from its
 * artifact, is written as it is, and the checks refuse it. Repair therefore fixes what went wrong
 * after writing (a reworded sentence, an edited block), and evidence that is wrong in the pool
 * fails the report with the check report, which is what an operator needs to see.
 */
public final class ReportWriter {

  /** The whole body, its raw names as they are. */
  public ReportBody write(
      String jobId,
      String title,
      String frozenAt,
      FrozenContext context,
      Outline outline,
      EvidencePool pool) {
    return write(jobId, title, frozenAt, context, outline, pool, Labels.NONE);
  }

  /** The whole body, its charts' raw names labelled for people by {@code labels}. */
  public ReportBody write(
      String jobId,
      String title,
      String frozenAt,
      FrozenContext context,
      Outline outline,
      EvidencePool pool,
      Labels labels) {
    List<Section> sections = new ArrayList<>();
    List<String> names = new ArrayList<>();
    // The frozen context (filters, edits, limitations) may quote raw names too.
    context.verbatim().forEach(v -> names.addAll(RawNames.in(v, labels)));
    for (OutlineSection os : outline.sections()) {
      Section section = section(os, pool, labels);
      // The analyses' display names, frozen with the body so that a repair names them the same.
      for (String stepId : os.stepIds()) {
        pool.finding(stepId).ifPresent(f -> names.add(f.analysis()));
      }
      sections.add(section);
      names.addAll(RawNames.in(section.question(), labels));
      for (Block b : section.blocks()) {
        if (b instanceof Block.Chart c) {
          names.addAll(rawNames(c.data()));
          // And the texts a chart shows: its title, "district.a3 × trans.operation", an element
          // "trans.operation=VYBER", a table cell naming a metric.
          for (String text : chartTexts(c.data())) {
            names.addAll(RawNames.in(text, labels));
          }
        }
      }
      // The analyses' own words quote raw names too ("across district.a3, trans.type").
      quotedNames(section.sentences(), labels, names);
    }
    Map<String, String> frozen = labels.of(names);
    List<Section> worded = new ArrayList<>();
    for (Section section : sections) {
      worded.add(failuresInWords(section, pool, frozen));
    }
    return new ReportBody(jobId, title, frozenAt, context, worded, frozen);
  }

  /**
   * {@code section} with each failed step's recorded error in people's words (labels, not argument
   * ids or raw names): "The drill-down step failed: drill-down cannot run: grain should be one of
   * …". The words come from the report's frozen {@code labels} alone, as the drift check derives
   * them, so the quote stays tied word for word to the error the step recorded.
   */
  public Section failuresInWords(Section section, EvidencePool pool, Map<String, String> labels) {
    ProblemWords words = ProblemWords.frozen(labels);
    List<Block> blocks = new ArrayList<>();
    for (Block b : section.blocks()) {
      Optional<Finding> failed =
          b instanceof Block.Unanswered u && u.stepId() != null
              ? pool.finding(u.stepId()).filter(f -> f.status() == FindingStatus.FAILED)
              : Optional.empty();
      if (failed.isEmpty()) {
        blocks.add(b);
        continue;
      }
      List<String> errors = failed.get().errors();
      List<Sentence> sentences = new ArrayList<>();
      for (Sentence t : ((Block.Unanswered) b).sentences()) {
        List<Segment> segments = new ArrayList<>();
        for (Segment g : t.segments()) {
          segments.add(
              g instanceof Segment.Quote q && errors.contains(q.text())
                  ? new Segment.Quote(words.clause(q.text()))
                  : g);
        }
        sentences.add(new Sentence(t.id(), segments, t.factIds()));
      }
      blocks.add(new Block.Unanswered(((Block.Unanswered) b).stepId(), sentences));
    }
    return section.withBlocks(blocks);
  }

  /** The words a chart shows besides its numbers and periods. */
  private static List<String> chartTexts(ChartData chart) {
    List<String> out = new ArrayList<>();
    out.add(chart.title());
    if (chart instanceof ContributionBars bars) {
      out.add(bars.dimension());
      bars.bars().forEach(b -> out.add(b.element()));
    } else if (chart instanceof TableData t) {
      t.rows().forEach(r -> out.addAll(r.labels()));
    }
    return out;
  }

  private static void quotedNames(List<Sentence> sentences, Labels labels, List<String> into) {
    for (Sentence t : sentences) {
      for (Segment g : t.segments()) {
        if (g instanceof Segment.Quote q) {
          into.addAll(RawNames.in(q.text(), labels));
        }
      }
    }
  }

  /** The names a chart draws that queries gave it: columns, measures, its dimension. */
  static List<String> rawNames(ChartData chart) {
    List<String> out = new ArrayList<>();
    if (chart instanceof TableData t) {
      out.addAll(t.labelColumns());
      t.valueColumns().forEach(c -> out.add(c.name()));
    } else if (chart instanceof ContributionBars bars) {
      out.add(bars.dimension());
    }
    return out;
  }

  /**
   * One section, from its outline entry, the pool and the labels alone (repair passes the body's
   * frozen labels).
   */
  public Section section(OutlineSection os, EvidencePool pool, Labels labels) {
    SectionDraft draft = new SectionDraft(os.sectionId(), labels);
    for (int k = 0; k < os.stepIds().size(); k++) {
      String stepId = os.stepIds().get(k);
      Optional<Finding> finding = pool.finding(stepId);
      String prefix = os.sectionId() + ".s" + k;
      if (finding.isEmpty()) {
        draft.blocks.add(
            new Block.Unanswered(
                stepId,
                List.of(
                    draft
                        .sentence()
                        .text("Step ")
                        .quote(stepId)
                        .text(" has not produced a finding, so this part is not answered")
                        .end())));
        continue;
      }
      Finding f = finding.get();
      switch (f.status()) {
        case OK -> writeAnswer(draft, prefix, f);
        case EMPTY -> {
          // What the step says it could not find; else the data it looked at.
          List<Sentence> why = stepSaid(draft, f, " step found nothing to report: ");
          if (why.isEmpty()) {
            SentenceBuilder s =
                draft.sentence().text("The ").analysis(f.analysis()).text(" step found no data");
            if (!f.data().summary().isEmpty()) {
              s.text(": ").quote(f.data().summary());
            }
            why.add(s.end());
          }
          draft.blocks.add(new Block.Unanswered(stepId, why));
        }
        case FAILED -> {
          draft.blocks.add(new Block.Unanswered(stepId, stepSaid(draft, f, " step failed: ")));
        }
      }
      writeMethod(draft, f);
      writeNext(draft, f);
      // Stored artifacts are listed when citable; a revoked one is simply not evidence. What facts
      // and charts cite is listed unfiltered above, so a bad citation there reaches the checks.
      for (ArtifactRef ref : f.artifacts()) {
        if (pool.citable(ref)) {
          draft.evidence.add(ref);
        }
      }
    }
    if (os.stepIds().isEmpty()) {
      draft.blocks.add(
          new Block.Unanswered(
              null,
              List.of(
                  draft.sentence().text("No analysis step was planned for this question").end())));
    }
    if (!draft.evidence.isEmpty()) {
      draft.blocks.add(new Block.Evidence(List.copyOf(draft.evidence)));
    }
    return new Section(
        os.sectionId(), os.questionId(), os.question(), os.stepIds(), draft.facts, draft.blocks);
  }

  /** One sentence per error the step reported: "The drill-down step failed: …". */
  private static List<Sentence> stepSaid(SectionDraft draft, Finding f, String what) {
    List<Sentence> out = new ArrayList<>();
    for (String error : f.errors()) {
      out.add(draft.sentence().text("The ").analysis(f.analysis()).text(what).quote(error).end());
    }
    return out;
  }

  private void writeAnswer(SectionDraft draft, String prefix, Finding f) {
    Map<String, Fact> byFigure = new HashMap<>();
    for (Figure fig : f.figures()) {
      Fact fact =
          new Fact(
              prefix + "." + fig.id(),
              f.stepId(),
              fig.id(),
              fig.label(),
              fig.value(),
              fig.unit(),
              fig.format(),
              fig.derivation(),
              Fact.sourcesOf(fig.artifact(), fig.derivation()));
      byFigure.put(fig.id(), fact);
      draft.facts.add(fact);
      draft.evidence.addAll(fact.sources());
    }
    List<Sentence> answer = new ArrayList<>();
    Set<String> stated = new LinkedHashSet<>();
    Periods.Grain grain = grain(f);
    for (String statement : f.statements()) {
      SentenceBuilder s = draft.sentence();
      for (StatementTemplate.Part part : StatementTemplate.parse(statement)) {
        if (part instanceof StatementTemplate.Literal literal) {
          s.text(literal.text());
        } else if (part instanceof StatementTemplate.FigurePart fig) {
          s.fact(byFigure.get(fig.figureId()));
          stated.add(fig.figureId());
        } else if (part instanceof StatementTemplate.DatePart date) {
          s.date(date.iso(), grain);
        } else if (part instanceof StatementTemplate.LabelPart label) {
          // A label that is a period (an answer's row "1996-03-01") reads as people write periods,
          // at the grain of the Finding's series or table ("March 1996"), not as a quoted ISO date.
          if (IsoPeriod.valid(label.text())) {
            s.date(label.text(), grain);
          } else {
            s.label(label.text());
          }
        }
      }
      answer.add(s.end());
    }
    for (Figure fig : f.figures()) {
      if (!stated.contains(fig.id())) {
        answer.add(
            draft.sentence().quote(fig.label()).text(": ").fact(byFigure.get(fig.id())).end());
      }
    }
    if (!answer.isEmpty()) {
      draft.blocks.add(new Block.Paragraph(f.stepId(), Block.Role.ANSWER, answer));
    }
    for (ChartData chart : f.charts()) {
      ChartFacts.Built built = ChartFacts.build(prefix, f.stepId(), chart);
      draft.facts.addAll(built.facts());
      draft.blocks.add(new Block.Chart(f.stepId(), chart, built.roles()));
      draft.evidence.add(chart.source());
    }
  }

  /** The grain of a Finding's periods: that of its first time series, when it has one. */
  static Periods.Grain grain(Finding f) {
    return Periods.grainOf(f);
  }

  private void writeMethod(SectionDraft draft, Finding f) {
    List<Sentence> method = new ArrayList<>();
    // "Method, by the trend anomaly analysis: Find unusual months of …" — the analysis's own
    // statement of its task, quoted as written, after a colon where a capital reads naturally.
    SentenceBuilder how =
        draft
            .sentence()
            .text(f.goal().isEmpty() ? "Method: the " : "Method, by the ")
            .analysis(f.analysis())
            .text(" analysis");
    if (!f.goal().isEmpty()) {
      how.text(": ").quote(f.goal());
    }
    method.add(how.end());
    if (!f.keyPath().isEmpty()) {
      method.add(draft.sentence().text("Path taken: ").quote(f.keyPath()).end());
    }
    if (!f.data().summary().isEmpty()) {
      method.add(draft.sentence().text("Data used: ").quote(f.data().summary()).end());
    }
    draft.blocks.add(new Block.Paragraph(f.stepId(), Block.Role.METHOD, method));
  }

  private void writeNext(SectionDraft draft, Finding f) {
    if (f.nextSteps().isEmpty()) {
      return;
    }
    List<Sentence> next = new ArrayList<>();
    for (String step : f.nextSteps()) {
      next.add(draft.sentence().text("To try next: ").quote(step).end());
    }
    draft.blocks.add(new Block.Paragraph(f.stepId(), Block.Role.NEXT, next));
  }

  /** Mutable state while one section is written. */
  private static final class SectionDraft {
    private final String sectionId;
    private final Labels labels;
    private final List<Fact> facts = new ArrayList<>();
    private final List<Block> blocks = new ArrayList<>();
    private final Set<ArtifactRef> evidence = new LinkedHashSet<>();
    private int sentences;

    SectionDraft(String sectionId, Labels labels) {
      this.sectionId = sectionId;
      this.labels = labels;
    }

    SentenceBuilder sentence() {
      return new SentenceBuilder(sectionId + ".t" + sentences++, labels);
    }
  }
}
