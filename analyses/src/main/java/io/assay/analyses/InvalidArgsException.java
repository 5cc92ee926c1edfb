package io.assay.analyses;

import java.util.List;

/**
 * An analysis was called with arguments it cannot use. Never retried: the activity turns it into a
 * non-retryable ApplicationFailure of type {@code InvalidArgs} whose message lists every problem.
 */
public class InvalidArgsException extends RuntimeException {
  private final List<String> problems;

  public InvalidArgsException(String analysis, List<String> problems) {
    super("invalid args for " + analysis + ": " + String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  public InvalidArgsException(String analysis, String problem) {
    this(analysis, List.of(problem));
  }

  public List<String> problems() {
    return problems;
  }
}
