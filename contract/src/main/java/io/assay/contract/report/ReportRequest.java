package io.assay.contract.report;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the workflow passes to the report activity. The Findings are not in it: they are in the
 * job's evidence pool already (recorded step by step), so history stays small.
 *
 * @param title report title, e.g. the job question shortened
 */
public record ReportRequest(
    String jobId, String title, FrozenContext context, List<PlanQuestion> questions) {
  public ReportRequest {
    if (jobId == null || jobId.isBlank()) {
      throw new IllegalArgumentException("a report request needs the job id");
    }
    if (title == null || title.isBlank()) {
      throw new IllegalArgumentException("a report request needs a title");
    }
    if (context == null) {
      throw new IllegalArgumentException("a report request needs the frozen context");
    }
    questions = List.copyOf(questions);
    if (questions.isEmpty()) {
      throw new IllegalArgumentException("a report answers at least one plan question");
    }
    Set<String> ids = new HashSet<>();
    for (PlanQuestion q : questions) {
      if (!ids.add(q.id())) {
        throw new IllegalArgumentException("plan question id " + q.id() + " is used twice");
      }
    }
  }
}
