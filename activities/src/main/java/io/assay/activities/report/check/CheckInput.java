package io.assay.activities.report.check;

import io.assay.activities.evidence.EvidencePool;
import io.assay.activities.report.Outline;
import io.assay.activities.report.body.ReportBody;
import java.util.HashSet;
import java.util.Set;

/** What every check looks at: the body, the outline it must follow and the evidence pool. */
public record CheckInput(ReportBody body, Outline outline, EvidencePool pool) {

  /**
   * Text a body may quote: recorded in the pool's Findings, the frozen context or the questions.
   */
  public Set<String> verbatim() {
    Set<String> out = new HashSet<>(pool.verbatim());
    out.addAll(body.context().verbatim());
    outline
        .sections()
        .forEach(
            s -> {
              out.add(s.question());
              out.addAll(s.stepIds());
            });
    return out;
  }
}
