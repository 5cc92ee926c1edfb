package io.assay.report.check;

import io.assay.report.OutlineSection;
import io.assay.report.body.Block;
import io.assay.report.body.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every plan question has its section, and every step of that question is either answered (an
 * answer paragraph stating a fact, or a chart) or said not to be (an unanswered block with a
 * reason). Sections the outline does not have are extra and removed by repair.
 */
public final class CoverageCheck implements BodyCheck {
  @Override
  public CheckKind kind() {
    return CheckKind.COVERAGE;
  }

  @Override
  public List<Issue> check(CheckInput in) {
    List<Issue> issues = new ArrayList<>();
    for (OutlineSection os : in.outline().sections()) {
      Optional<Section> found = in.body().section(os.sectionId());
      if (found.isEmpty()) {
        issues.add(
            issue(
                os.sectionId(),
                os.questionId(),
                "question \"" + os.question() + "\" has no section"));
        continue;
      }
      Section s = found.get();
      if (!s.question().equals(os.question()) || !s.questionId().equals(os.questionId())) {
        issues.add(
            issue(s.id(), os.questionId(), "section does not carry its question as planned"));
      }
      if (os.stepIds().isEmpty()) {
        if (s.blocks().stream()
            .noneMatch(b -> b instanceof Block.Unanswered u && !u.sentences().isEmpty())) {
          issues.add(
              issue(
                  s.id(),
                  os.questionId(),
                  "no step answers the question and the section does not say so"));
        }
        continue;
      }
      for (String stepId : os.stepIds()) {
        if (!answered(s, stepId)) {
          issues.add(issue(s.id(), stepId, "step neither answers its question nor says why not"));
        }
      }
    }
    for (Section s : in.body().sections()) {
      if (in.outline().section(s.id()).isEmpty()) {
        issues.add(issue(s.id(), s.id(), "section answers no plan question"));
      }
    }
    return issues;
  }

  private static boolean answered(Section s, String stepId) {
    for (Block b : s.blocks()) {
      if (b instanceof Block.Paragraph p
          && stepId.equals(p.stepId())
          && p.role() == Block.Role.ANSWER
          && p.sentences().stream().anyMatch(t -> !t.factIds().isEmpty())) {
        return true;
      }
      if (b instanceof Block.Chart c && stepId.equals(c.stepId())) {
        return true;
      }
      if (b instanceof Block.Unanswered u
          && stepId.equals(u.stepId())
          && !u.sentences().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  private Issue issue(String sectionId, String subject, String message) {
    return new Issue(kind(), sectionId, subject, message);
  }
}
