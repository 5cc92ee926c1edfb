package io.assay.algorithms.rca;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Outcome of {@link RootCauseSearch#search}: candidate root-cause sets, best first. The first set
 * is the answer; the others are the runners-up the search kept. An empty first set means no element
 * stood out from the noise.
 *
 * @param noiseScale estimated relative forecast noise of a normal leaf (robust sigma)
 * @param totalChange actual minus forecast of the whole KPI (derived: of the numerator)
 * @param countNoise whether the leaves looked like counts, so Poisson noise was allowed for
 */
public record RootCauseResult(
    @JsonProperty("sets") List<RootCauseSet> sets,
    @JsonProperty("noise_scale") double noiseScale,
    @JsonProperty("total_change") double totalChange,
    @JsonProperty("leaves") int leaves,
    @JsonProperty("count_noise") boolean countNoise) {

  public RootCauseResult {
    sets = List.copyOf(sets);
  }

  /** The best set (possibly empty). */
  public RootCauseSet best() {
    return sets.get(0);
  }
}
