package io.assay.algorithms.rca;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One element of a root-cause set.
 *
 * @param combination the attribute values it fixes
 * @param explanatoryPower share of the KPI's total change carried by its leaves (for a derived
 *     measure: of the numerator's change at the actual denominators)
 * @param changeFactor fitted actual/forecast factor of its leaves (0.3 = dropped to 30%)
 * @param gain reduction of the standardised misfit when the element is added to the set
 * @param leaves number of informative (non-zero) leaves it newly explains
 */
public record RootCause(
    @JsonProperty("combination") Combination combination,
    @JsonProperty("explanatory_power") double explanatoryPower,
    @JsonProperty("change_factor") double changeFactor,
    @JsonProperty("gain") double gain,
    @JsonProperty("leaves") int leaves) {

  @JsonProperty("element")
  public String element() {
    return combination.toString();
  }
}
