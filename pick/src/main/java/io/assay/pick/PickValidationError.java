package io.assay.pick;

import java.util.List;

/**
 * A Pick that cannot be composed: an unknown metric or column, an unreachable table, a value of the
 * wrong type, or a shape the Pick language does not express. The message says what is wrong in
 * words a user can act on; {@link #suggestions()} holds close names ("did you mean") when there are
 * any.
 */
public class PickValidationError extends RuntimeException {

  private final List<String> suggestions;

  public PickValidationError(String message) {
    this(message, List.of());
  }

  public PickValidationError(String message, List<String> suggestions) {
    super(message);
    this.suggestions = List.copyOf(suggestions);
  }

  /** Close alternatives to what was asked for, best first; empty when there are none. */
  public List<String> suggestions() {
    return suggestions;
  }
}
