package io.assay.report.check;

import io.assay.report.Outline;
import io.assay.report.body.ReportBody;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.words.ProblemWords;
import java.util.HashSet;
import java.util.Set;

/** What every check looks at: the body, the outline it must follow and the evidence pool. */
public record CheckInput(ReportBody body, Outline outline, EvidencePool pool) {

  /**
   * Text a body may quote: recorded in the pool's Findings, the frozen context or the questions;
   * and a step's recorded error as the writer words it for people, derived here from the same
   * recorded text and the body's frozen labels, so a worded error is still the step's own.
   */
  public Set<String> verbatim() {
    Set<String> out = new HashSet<>(pool.verbatim());
    ProblemWords words = ProblemWords.frozen(body.labels());
    pool.findings().forEach(f -> f.errors().forEach(e -> out.add(words.clause(e))));
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
