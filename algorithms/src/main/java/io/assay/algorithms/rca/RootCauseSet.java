package io.assay.algorithms.rca;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A set of elements that together explain the anomaly, in the order they were found.
 *
 * @param explanatoryPower share of the total change carried by the union of their leaves
 * @param score total gain minus the per-element penalty; sets are ranked by it
 */
public record RootCauseSet(
    @JsonProperty("elements") List<RootCause> elements,
    @JsonProperty("explanatory_power") double explanatoryPower,
    @JsonProperty("score") double score) {

  public RootCauseSet {
    elements = List.copyOf(elements);
  }

  /** Canonical element strings ({@code a=a1&b=b2}). */
  public List<String> elementStrings() {
    return elements.stream().map(RootCause::element).toList();
  }
}
