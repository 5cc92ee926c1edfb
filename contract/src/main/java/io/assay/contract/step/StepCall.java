package io.assay.contract.step;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.StepArgs;
import io.assay.contract.plan.StepArgsJson;
import java.util.List;
import java.util.Map;

/**
 * One analysis run: which step of which job, the analysis, its args (written as their JSON object,
 * read back for the analysis's schema to type) and the question.
 */
public record StepCall(
    String jobId,
    int stepIndex,
    String analysis,
    @JsonProperty("args")
        @JsonSerialize(using = StepArgsJson.Writer.class)
        @JsonDeserialize(using = StepArgsJson.Reader.class)
        StepArgs stepArgs,
    String question,
    List<ClarificationAnswer> answers) {
  public StepCall {
    stepArgs = stepArgs == null ? StepArgs.of(null) : stepArgs;
    answers = answers == null ? List.of() : List.copyOf(answers);
  }

  /** A run whose args are given as JSON. */
  public StepCall(
      String jobId,
      int stepIndex,
      String analysis,
      Map<String, Object> args,
      String question,
      List<ClarificationAnswer> answers) {
    this(jobId, stepIndex, analysis, StepArgs.of(args), question, answers);
  }

  /** The args as JSON. */
  public Map<String, Object> args() {
    return stepArgs.json();
  }
}
