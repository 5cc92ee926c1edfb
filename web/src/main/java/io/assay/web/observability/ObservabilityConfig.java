package io.assay.web.observability;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.opentelemetry.api.OpenTelemetry;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tracing (OpenTelemetry, exporter chosen by {@code assay.observability.tracing.*}) and metrics
 * (Spring's Micrometer registry, exposed at {@code /actuator/prometheus}) for Temporal, SQL, LLM
 * calls and analyses. The OpenTelemetry built here replaces Spring Boot's auto-configured one.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ObservabilityProperties.class)
public class ObservabilityConfig {

  /** Spring Boot applies every MeterFilter bean to its registries. */
  @Bean
  public MeterFilter latencyBuckets() {
    return new LatencyBuckets();
  }

  /** Holds the latest spans when the exporter is {@code memory} (the default); else empty. */
  @Bean
  public RecentSpans recentSpans(ObservabilityProperties props) {
    return new RecentSpans(props.tracing().recentSpans());
  }

  /** Closed (flushing its exporter) when the application stops. */
  @Bean
  public OpenTelemetry assayOpenTelemetry(ObservabilityProperties props, RecentSpans recentSpans) {
    return Tracing.create(props.tracing(), recentSpans);
  }

  /** Decorates the warehouse, chat models and analysis runs (see {@link Telemetry}). */
  @Bean
  public Telemetry telemetry(OpenTelemetry assayOpenTelemetry, MeterRegistry meters) {
    return Telemetry.of(assayOpenTelemetry, meters);
  }

  /** Metrics scope and interceptors for the Temporal client and worker. */
  @Bean(destroyMethod = "close")
  public TemporalTelemetry temporalTelemetry(
      OpenTelemetry assayOpenTelemetry,
      MeterRegistry meters,
      Telemetry telemetry,
      ObservabilityProperties props) {
    return TemporalTelemetry.create(
        assayOpenTelemetry, meters, telemetry, props.metrics().temporalReportInterval());
  }
}
