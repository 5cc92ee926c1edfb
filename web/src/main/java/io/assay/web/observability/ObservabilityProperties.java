package io.assay.web.observability;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where traces go and how often Temporal's metrics are reported.
 *
 * <pre>
 *   assay.observability.tracing.exporter        memory (default) | logging | otlp | none
 *   assay.observability.tracing.otlp-endpoint   OTLP/HTTP traces URL, e.g. http://collector:4318/v1/traces
 *                                               (required for otlp, ignored otherwise)
 *   assay.observability.tracing.sample-ratio    share of new traces kept, 0..1 (default 1)
 *   assay.observability.tracing.recent-spans    spans the memory exporter keeps (default 2000)
 *   assay.observability.metrics.temporal-report-interval   default 10s
 * </pre>
 *
 * The default exporter never opens a connection: it keeps the latest spans in memory.
 */
@ConfigurationProperties("assay.observability")
public record ObservabilityProperties(
    @DefaultValue Tracing tracing, @DefaultValue Metrics metrics) {

  /** Where finished spans go. */
  public enum Exporter {
    /** Spans are not recorded at all. */
    NONE,
    /** The latest spans are kept in memory ({@link RecentSpans}); nothing leaves the process. */
    MEMORY,
    /** Each span is written to the application log (batched). */
    LOGGING,
    /** Spans are sent (batched) to an OpenTelemetry collector over OTLP/HTTP. */
    OTLP
  }

  public record Tracing(
      @DefaultValue("memory") Exporter exporter,
      URI otlpEndpoint,
      @DefaultValue("1.0") double sampleRatio,
      @DefaultValue("2000") int recentSpans) {
    public Tracing {
      if (exporter == Exporter.OTLP) {
        if (otlpEndpoint == null) {
          throw new IllegalArgumentException(
              "assay.observability.tracing.exporter=otlp needs"
                  + " assay.observability.tracing.otlp-endpoint, e.g. http://collector:4318/v1/traces");
        }
        String scheme = otlpEndpoint.getScheme();
        if (!("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
            || otlpEndpoint.getHost() == null) {
          throw new IllegalArgumentException(
              "assay.observability.tracing.otlp-endpoint must be an http(s) URL with a host, got '"
                  + otlpEndpoint
                  + "'");
        }
      }
      if (!(sampleRatio >= 0 && sampleRatio <= 1)) {
        throw new IllegalArgumentException(
            "assay.observability.tracing.sample-ratio must be between 0 and 1, got " + sampleRatio);
      }
      if (recentSpans < 1) {
        throw new IllegalArgumentException(
            "assay.observability.tracing.recent-spans must be at least 1, got " + recentSpans);
      }
    }
  }

  public record Metrics(@DefaultValue("10s") Duration temporalReportInterval) {
    public Metrics {
      if (temporalReportInterval.isNegative() || temporalReportInterval.isZero()) {
        throw new IllegalArgumentException(
            "assay.observability.metrics.temporal-report-interval must be positive, got "
                + temporalReportInterval);
      }
    }
  }
}
