package io.assay.report;

import java.util.List;

/** A rendering failed its audit: a defect in the renderer or templates, never retried. */
public final class ReportRenderingException extends RuntimeException {
  private final List<String> problems;

  public ReportRenderingException(List<String> problems) {
    super("rendered report failed its audit:\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
