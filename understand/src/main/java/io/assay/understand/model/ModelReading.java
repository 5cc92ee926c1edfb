package io.assay.understand.model;

import io.assay.understand.Reading;
import java.util.List;

/**
 * What one model reading of a question gave, with its costs.
 *
 * @param reading the model reader's reading; null when the model gave nothing usable (then {@code
 *     problem} says why and the deterministic reading stands)
 * @param calls model round trips made (at most two: one retry with the validation error)
 * @param tokens tokens the provider reported for them (0 when it reports none)
 * @param millis time spent in the model calls
 * @param replies the model's raw replies, kept as the reading's artifact
 * @param problem why there is no reading (unreachable, over budget, rejected twice), or null
 * @param unreachable true when the model could not be reached at all
 * @param budgetSpent true when the job's token budget was spent before this reading could call the
 *     model (then {@code calls} is 0)
 */
public record ModelReading(
    Reading reading,
    int calls,
    long tokens,
    long millis,
    List<String> replies,
    String problem,
    boolean unreachable,
    boolean budgetSpent) {

  /**
   * The type of the job event that carries {@link #jobNotice}: the job page and the job API show it
   * on the job.
   */
  public static final String NOTICE_EVENT = "model_unavailable";

  public ModelReading {
    replies = List.copyOf(replies);
  }

  /** A reading that gave nothing usable, for {@code problem}. */
  static ModelReading without(
      int calls, long tokens, long millis, List<String> replies, String problem) {
    return new ModelReading(null, calls, tokens, millis, replies, problem, false, false);
  }

  /**
   * What the person should see on the job itself when the model was not there for it: unreachable,
   * or the job's token budget spent. Null otherwise (a rejected reply is part of the reasons).
   */
  public String jobNotice() {
    if (!unreachable && !budgetSpent || problem == null || problem.isEmpty()) {
      return null;
    }
    return Character.toUpperCase(problem.charAt(0))
        + problem.substring(1)
        + "; the question was read without the model.";
  }

  /** The costs in words, for the decision reason. */
  public String costs() {
    return calls
        + (calls == 1 ? " model call, " : " model calls, ")
        + tokens
        + " tokens, "
        + millis
        + " ms";
  }
}
