package io.assay.report;

import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Edits to a body, for seeding defects. */
final class Bodies {
  private Bodies() {}

  static ReportBody editSection(ReportBody body, String sectionId, UnaryOperator<Section> edit) {
    List<Section> out = new ArrayList<>();
    for (Section s : body.sections()) {
      out.add(s.id().equals(sectionId) ? edit.apply(s) : s);
    }
    return body.withSections(out);
  }

  static Section editBlocks(Section s, UnaryOperator<Block> edit) {
    List<Block> out = new ArrayList<>();
    for (Block b : s.blocks()) {
      Block edited = edit.apply(b);
      if (edited != null) {
        out.add(edited);
      }
    }
    return s.withBlocks(out);
  }

  static Section editSentences(Section s, UnaryOperator<Sentence> edit) {
    return editBlocks(
        s,
        b -> {
          if (b instanceof Block.Paragraph p) {
            List<Sentence> out = new ArrayList<>();
            for (Sentence t : p.sentences()) {
              Sentence edited = edit.apply(t);
              if (edited != null) {
                out.add(edited);
              }
            }
            return new Block.Paragraph(p.stepId(), p.role(), out);
          }
          return b;
        });
  }

  static Sentence editSegments(Sentence t, UnaryOperator<Segment> edit) {
    List<Segment> out = new ArrayList<>();
    for (Segment g : t.segments()) {
      out.add(edit.apply(g));
    }
    return new Sentence(t.id(), out, t.factIds());
  }

  static Section editFacts(Section s, UnaryOperator<Fact> edit) {
    List<Fact> out = new ArrayList<>();
    for (Fact f : s.facts()) {
      out.add(edit.apply(f));
    }
    return s.withFacts(out);
  }
}
