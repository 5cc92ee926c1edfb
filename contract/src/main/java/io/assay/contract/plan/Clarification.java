package io.assay.contract.plan;

import java.util.List;

/**
 * A question back to a person, with concrete options taken from recon (never free guessing).
 *
 * @param id stable id the answer refers to
 * @param topic what is ambiguous, e.g. {@code metric} or {@code time_range}
 */
public record Clarification(String id, String topic, String question, List<Option> options) {
  public Clarification {
    options = options == null ? List.of() : List.copyOf(options);
  }

  /** One choice; {@code value} is what the understanding applies when it is chosen. */
  public record Option(String value, String label) {}
}
