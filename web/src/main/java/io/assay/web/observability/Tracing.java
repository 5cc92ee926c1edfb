package io.assay.web.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.exporter.logging.LoggingSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;

/** Builds the process's OpenTelemetry from {@link ObservabilityProperties.Tracing}. */
final class Tracing {
  static final String SERVICE_NAME = "assay";

  private Tracing() {}

  /**
   * An SDK with service name {@value #SERVICE_NAME}, W3C trace-context and baggage propagation
   * (Temporal carries the context in workflow and activity headers through it), a parent-based
   * ratio sampler and the configured exporter; the no-op implementation for {@code none}.
   *
   * @param memory receives the spans when the exporter is {@code memory}
   */
  static OpenTelemetry create(ObservabilityProperties.Tracing settings, RecentSpans memory) {
    SpanProcessor processor =
        switch (settings.exporter()) {
          case NONE -> null;
          // Memory export is a few list operations: done inline, a span is visible once ended.
          case MEMORY -> SimpleSpanProcessor.create(memory);
          case LOGGING -> BatchSpanProcessor.builder(LoggingSpanExporter.create()).build();
          case OTLP ->
              BatchSpanProcessor.builder(
                      OtlpHttpSpanExporter.builder()
                          .setEndpoint(settings.otlpEndpoint().toString())
                          // Else the exporter reports on itself to GlobalOpenTelemetry.
                          .setMeterProvider(MeterProvider.noop())
                          .build())
                  .build();
        };
    if (processor == null) {
      return OpenTelemetry.noop();
    }
    Resource resource =
        Resource.getDefault()
            .merge(
                Resource.create(
                    Attributes.of(AttributeKey.stringKey("service.name"), SERVICE_NAME)));
    SdkTracerProvider tracerProvider =
        SdkTracerProvider.builder()
            .setResource(resource)
            .setSampler(Sampler.parentBased(Sampler.traceIdRatioBased(settings.sampleRatio())))
            .addSpanProcessor(processor)
            .build();
    return OpenTelemetrySdk.builder()
        .setTracerProvider(tracerProvider)
        .setPropagators(
            ContextPropagators.create(
                TextMapPropagator.composite(
                    W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance())))
        .build();
  }
}
