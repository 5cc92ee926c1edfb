package io.assay.report.check;

import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.report.OutlineSection;
import io.assay.report.body.Fact;
import io.assay.report.body.Section;
import io.assay.report.body.Sentence;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Fact omission: every figure of every successful step is presented by a fact that some sentence
 * states (key findings present); no presented fact goes unstated; no sentence binds a fact that
 * does not exist.
 */
public final class OmissionCheck implements BodyCheck {
  @Override
  public CheckKind kind() {
    return CheckKind.FACT_OMISSION;
  }

  @Override
  public List<Issue> check(CheckInput in) {
    List<Issue> issues = new ArrayList<>();
    for (Section s : in.body().sections()) {
      Set<String> bound = new HashSet<>();
      for (Sentence t : s.sentences()) {
        for (String factId : t.factIds()) {
          bound.add(factId);
          if (s.fact(factId).isEmpty()) {
            issues.add(
                new Issue(
                    kind(),
                    s.id(),
                    t.id(),
                    "sentence binds fact " + factId + " which the section does not have"));
          }
        }
      }
      for (Fact f : s.facts()) {
        if (f.figureId() != null && !bound.contains(f.id())) {
          issues.add(
              new Issue(
                  kind(),
                  s.id(),
                  f.id(),
                  "fact \"" + f.label() + "\" is in the section but no sentence states it"));
        }
      }
      Optional<OutlineSection> os = in.outline().section(s.id());
      if (os.isEmpty()) {
        continue;
      }
      for (String stepId : os.get().stepIds()) {
        Optional<Finding> finding = in.pool().finding(stepId);
        if (finding.isEmpty() || finding.get().status() != FindingStatus.OK) {
          continue;
        }
        for (Figure fig : finding.get().figures()) {
          boolean stated =
              s.facts().stream()
                  .anyMatch(
                      f ->
                          stepId.equals(f.stepId())
                              && fig.id().equals(f.figureId())
                              && bound.contains(f.id()));
          if (!stated) {
            issues.add(
                new Issue(
                    kind(),
                    s.id(),
                    stepId + "/" + fig.id(),
                    "key figure \"" + fig.label() + "\" of step " + stepId + " is not stated"));
          }
        }
      }
    }
    return issues;
  }
}
