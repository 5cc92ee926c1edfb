package io.assay.delivery;

import io.assay.report.FrozenReport;
import io.assay.report.body.Block;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Sentence;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What every channel sends, taken from one frozen report: the two renderings and, for chat
 * messages, a digest of each section's answer written from the same body.
 */
public record DeliveryContent(
    String jobId,
    String title,
    String bodySha256,
    String html,
    String htmlSha256,
    String markdown,
    String markdownSha256,
    List<Answer> answers) {

  /** A section's question and its answer sentences as plain text. */
  public record Answer(String question, String answer) {}

  public static DeliveryContent of(FrozenReport report) {
    ReportBody body = report.body();
    List<Answer> answers = new ArrayList<>();
    for (Section s : body.sections()) {
      List<Sentence> sentences = new ArrayList<>();
      for (Block b : s.blocks()) {
        if (b instanceof Block.Paragraph p && p.role() == Block.Role.ANSWER) {
          sentences.addAll(p.sentences());
        } else if (b instanceof Block.Unanswered u) {
          sentences.addAll(u.sentences());
        }
      }
      answers.add(
          new Answer(
              s.question(),
              sentences.stream().map(Sentence::plain).collect(Collectors.joining(" "))));
    }
    return new DeliveryContent(
        body.jobId(),
        body.title(),
        report.bodySha256(),
        report.html(),
        report.htmlSha256(),
        report.markdown(),
        report.markdownSha256(),
        answers);
  }
}
