package io.assay.report.check;

import io.assay.report.Outline;
import io.assay.report.body.ReportBody;
import io.assay.report.evidence.EvidencePool;
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
