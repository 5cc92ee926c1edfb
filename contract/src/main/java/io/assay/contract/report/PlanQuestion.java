package io.assay.contract.report;

import java.util.List;

/**
 * A question the plan answers, and the steps whose Findings answer it. The report has one section
 * per plan question.
 *
 * @param id stable within the job, e.g. {@code q1}
 * @param text the question as people read it
 * @param stepIds the plan steps (Finding step ids) that answer it, in plan order
 */
public record PlanQuestion(String id, String text, List<String> stepIds) {
  public PlanQuestion {
    if (id == null || !id.matches("[A-Za-z][A-Za-z0-9_-]{0,63}")) {
      throw new IllegalArgumentException(
          "plan question id must be a letter then letters, digits, '_' or '-', got " + id);
    }
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("plan question " + id + " needs its text");
    }
    stepIds = stepIds == null ? List.of() : List.copyOf(stepIds);
  }
}
