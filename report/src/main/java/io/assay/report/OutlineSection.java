package io.assay.report;

import io.assay.contract.finding.ArtifactRef;
import java.util.List;

/**
 * The plan for one report section: which question it answers, what the answer is about (the steps'
 * goals), and which evidence and charts it may use. A section citing anything else overreaches.
 */
public record OutlineSection(
    String sectionId,
    String questionId,
    String question,
    List<String> answers,
    List<String> stepIds,
    List<ArtifactRef> evidence,
    List<String> charts) {

  public OutlineSection {
    answers = List.copyOf(answers);
    stepIds = List.copyOf(stepIds);
    evidence = List.copyOf(evidence);
    charts = List.copyOf(charts);
  }

  public boolean mayCite(ArtifactRef ref) {
    return evidence.contains(ref);
  }
}
