package io.assay.web.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Temporal's and Assay's timers get the fixed buckets; other meters keep their own. */
class LatencyBucketsTest {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  {
    registry.config().meterFilter(new LatencyBuckets());
  }

  private long lines(String scrape, String prefix) {
    return scrape.lines().filter(l -> l.startsWith(prefix)).count();
  }

  @Test
  void temporalsPercentileHistogramBecomesFifteenBuckets() {
    // As Temporal's MicrometerClientStatsReporter registers its timers.
    Timer.builder("temporal_request_latency")
        .tag("operation", "StartWorkflowExecution")
        .publishPercentileHistogram(true)
        .register(registry)
        .record(Duration.ofMillis(30));
    Timer.builder("assay.sql.execution")
        .tag("outcome", "ok")
        .register(registry)
        .record(Duration.ofMillis(300));
    Timer.builder("http.server.requests")
        .publishPercentileHistogram(true)
        .register(registry)
        .record(Duration.ofMillis(30));

    String scrape = registry.scrape();

    assertThat(lines(scrape, "temporal_request_latency_seconds_bucket{")).isEqualTo(16);
    assertThat(scrape)
        .contains(
            "temporal_request_latency_seconds_bucket{operation=\"StartWorkflowExecution\",le=\"0.025\"} 0")
        .contains(
            "temporal_request_latency_seconds_bucket{operation=\"StartWorkflowExecution\",le=\"0.05\"} 1")
        .contains("assay_sql_execution_seconds_bucket{outcome=\"ok\",le=\"0.25\"} 0")
        .contains("assay_sql_execution_seconds_bucket{outcome=\"ok\",le=\"0.5\"} 1")
        .contains("assay_sql_execution_seconds_bucket{outcome=\"ok\",le=\"1800.0\"} 1");
    assertThat(lines(scrape, "assay_sql_execution_seconds_bucket{")).isEqualTo(16);
    assertThat(lines(scrape, "http_server_requests_seconds_bucket{")).isGreaterThan(16);
  }
}
