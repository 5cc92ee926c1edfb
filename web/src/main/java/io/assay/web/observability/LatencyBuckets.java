package io.assay.web.observability;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * One fixed set of latency buckets for Temporal's timers and Assay's own. Temporal's reporter asks
 * for Micrometer's percentile histogram, 60-odd buckets per timer and tag set: one job then made a
 * 1 MB Prometheus scrape. These 15 buckets, from 5 ms (a query) to 30 min (a job waiting for
 * approval), keep {@code histogram_quantile} usable at a fraction of the size, and give Assay's
 * timers (which publish no histogram by default) the same buckets.
 */
final class LatencyBuckets implements MeterFilter {
  static final Duration[] BOUNDS =
      Stream.of(
              "PT0.005S",
              "PT0.01S",
              "PT0.025S",
              "PT0.05S",
              "PT0.1S",
              "PT0.25S",
              "PT0.5S",
              "PT1S",
              "PT2.5S",
              "PT5S",
              "PT10S",
              "PT30S",
              "PT1M",
              "PT5M",
              "PT30M")
          .map(Duration::parse)
          .toArray(Duration[]::new);

  private static final double[] BOUNDS_NANOS =
      Stream.of(BOUNDS).mapToDouble(Duration::toNanos).toArray();

  @Override
  public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
    if (id.getType() != Meter.Type.TIMER
        || !(id.getName().startsWith("temporal_") || id.getName().startsWith("assay."))) {
      return config;
    }
    // Non-null values of the config built here win over the meter's own in merge.
    return DistributionStatisticConfig.builder()
        .percentilesHistogram(false)
        .serviceLevelObjectives(BOUNDS_NANOS)
        .build()
        .merge(config);
  }
}
