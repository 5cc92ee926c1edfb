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
 */
public record ModelReading(
    Reading reading,
    int calls,
    long tokens,
    long millis,
    List<String> replies,
    String problem,
    boolean unreachable) {

  public ModelReading {
    replies = List.copyOf(replies);
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
