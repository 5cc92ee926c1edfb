package io.assay.report.narrative;

import io.assay.report.body.Block;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Sentence;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewords the answer sentences with a {@link SentenceRewriter} and keeps each rewording only when
 * {@link Rewording} accepts it; a rejected rewording leaves the deterministic sentence in place.
 */
public final class RewordingReviser implements BodyReviser {
  private final SentenceRewriter rewriter;
  private int accepted;
  private int rejected;

  public RewordingReviser(SentenceRewriter rewriter) {
    this.rewriter = rewriter;
  }

  @Override
  public ReportBody revise(ReportBody body) {
    List<Section> sections = new ArrayList<>();
    for (Section s : body.sections()) {
      List<Block> blocks = new ArrayList<>();
      for (Block b : s.blocks()) {
        if (b instanceof Block.Paragraph p && p.role() == Block.Role.ANSWER) {
          List<Sentence> sentences = new ArrayList<>();
          for (Sentence t : p.sentences()) {
            var reworded = Rewording.accept(t, rewriter.reword(t.plain()), s);
            if (reworded.isPresent()) {
              accepted++;
            } else {
              rejected++;
            }
            sentences.add(reworded.orElse(t));
          }
          blocks.add(new Block.Paragraph(p.stepId(), p.role(), sentences));
        } else {
          blocks.add(b);
        }
      }
      sections.add(s.withBlocks(blocks));
    }
    return body.withSections(sections);
  }

  public int accepted() {
    return accepted;
  }

  public int rejected() {
    return rejected;
  }
}
