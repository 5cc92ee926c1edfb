package io.assay.web.observability;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.exporter.logging.LoggingSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The exporter is chosen by properties; bad settings stop start-up with the property's name. */
class ObservabilityConfigTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withUserConfiguration(ObservabilityConfig.class)
          .withBean(MeterRegistry.class, SimpleMeterRegistry::new);

  private static void span(OpenTelemetry otel, String name) {
    otel.getTracer("test").spanBuilder(name).startSpan().end();
  }

  @Test
  void byDefaultSpansStayInMemoryUnderTheServiceNameAssay() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(Telemetry.class).hasSingleBean(TemporalTelemetry.class);
          OpenTelemetry otel = context.getBean(OpenTelemetry.class);
          assertThat(otel).isInstanceOf(OpenTelemetrySdk.class);
          span(otel, "first");
          List<SpanData> held = context.getBean(RecentSpans.class).snapshot();
          assertThat(held).extracting(SpanData::getName).containsExactly("first");
          assertThat(held.get(0).getResource().getAttribute(AttributeKey.stringKey("service.name")))
              .isEqualTo("assay");
        });
  }

  @Test
  void theMemoryExporterKeepsOnlyTheLatestSpans() {
    runner
        .withPropertyValues("assay.observability.tracing.recent-spans=3")
        .run(
            context -> {
              OpenTelemetry otel = context.getBean(OpenTelemetry.class);
              for (int i = 1; i <= 5; i++) {
                span(otel, "span-" + i);
              }
              assertThat(context.getBean(RecentSpans.class).snapshot())
                  .extracting(SpanData::getName)
                  .containsExactly("span-3", "span-4", "span-5");
            });
  }

  @Test
  void noneRecordsNothing() {
    runner
        .withPropertyValues("assay.observability.tracing.exporter=none")
        .run(
            context -> {
              OpenTelemetry otel = context.getBean(OpenTelemetry.class);
              assertThat(otel).isNotInstanceOf(OpenTelemetrySdk.class);
              span(otel, "dropped");
              assertThat(context.getBean(RecentSpans.class).snapshot()).isEmpty();
              // Temporal's interceptors still work over the no-op tracer.
              assertThat(context.getBean(TemporalTelemetry.class).workerInterceptors()).hasSize(2);
            });
  }

  @Test
  void loggingWritesEachSpanToTheLog() {
    Logger log = Logger.getLogger(LoggingSpanExporter.class.getName());
    List<String> logged = new CopyOnWriteArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            logged.add(record.getMessage() + " " + Arrays.toString(record.getParameters()));
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    log.addHandler(handler);
    try {
      runner
          .withPropertyValues("assay.observability.tracing.exporter=logging")
          .run(
              context -> {
                span(context.getBean(OpenTelemetry.class), "logged-span");
                assertThat(context.getBean(RecentSpans.class).snapshot()).isEmpty();
              });
      // Closing the context flushed the batch.
      assertThat(logged).anySatisfy(line -> assertThat(line).contains("logged-span"));
    } finally {
      log.removeHandler(handler);
    }
  }

  @Test
  void otlpSendsBatchedSpansToTheConfiguredEndpoint() throws IOException {
    List<String> received = new CopyOnWriteArrayList<>();
    HttpServer collector =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    collector.createContext(
        "/v1/traces",
        exchange -> {
          byte[] body = exchange.getRequestBody().readAllBytes();
          received.add(
              exchange.getRequestMethod()
                  + " "
                  + exchange.getRequestHeaders().getFirst("Content-Type")
                  + " "
                  + new String(body, StandardCharsets.ISO_8859_1));
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    collector.start();
    try {
      String endpoint = "http://127.0.0.1:" + collector.getAddress().getPort() + "/v1/traces";
      runner
          .withPropertyValues(
              "assay.observability.tracing.exporter=otlp",
              "assay.observability.tracing.otlp-endpoint=" + endpoint)
          .run(context -> span(context.getBean(OpenTelemetry.class), "exported-span"));
      // Closing the context flushed the batch.
      assertThat(received).hasSize(1);
      assertThat(received.get(0))
          .startsWith("POST application/x-protobuf ")
          .contains("exported-span")
          .contains("assay");
    } finally {
      collector.stop(0);
    }
  }

  @Test
  void otlpWithoutAnEndpointStopsStartUpNamingTheProperty() {
    runner
        .withPropertyValues("assay.observability.tracing.exporter=otlp")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("assay.observability.tracing.otlp-endpoint"));
  }

  @Test
  void anUnknownExporterOrABadRatioStopsStartUp() {
    runner
        .withPropertyValues("assay.observability.tracing.exporter=jaeger")
        .run(context -> assertThat(context).hasFailed());
    runner
        .withPropertyValues("assay.observability.tracing.sample-ratio=1.5")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("sample-ratio must be between 0 and 1"));
  }
}
