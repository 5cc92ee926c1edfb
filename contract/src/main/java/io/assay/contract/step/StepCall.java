package io.assay.contract.step;

import io.assay.contract.plan.ClarificationAnswer;
import java.util.List;
import java.util.Map;

/** One analysis run: which step of which job, the analysis, its args and the question. */
public record StepCall(
    String jobId,
    int stepIndex,
    String analysis,
    Map<String, Object> args,
    String question,
    List<ClarificationAnswer> answers) {
  public StepCall {
    args = args == null ? Map.of() : Map.copyOf(args);
    answers = answers == null ? List.of() : List.copyOf(answers);
  }
}
