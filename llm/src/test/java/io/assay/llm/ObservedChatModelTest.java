package io.assay.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real langchain4j OpenAI client against an OpenAI-compatible endpoint on the loopback interface:
 * the observed model's span, timer and token counters.
 */
class ObservedChatModelTest {
  private static final String COMPLETION =
      """
      {"id":"chatcmpl-42","object":"chat.completion","created":1700000000,
       "model":"tiny-model-0613",
       "choices":[{"index":0,"message":{"role":"assistant","content":"Loans rose by 4%."},
                   "finish_reason":"stop"}],
       "usage":{"prompt_tokens":31,"completion_tokens":7,"total_tokens":38}}
      """;

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final OpenTelemetrySdk otel =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .build();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final AtomicInteger status = new AtomicInteger(200);
  private HttpServer server;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/v1/chat/completions",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] body =
              (status.get() == 200 ? COMPLETION : "{\"error\":{\"message\":\"overloaded\"}}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status.get(), body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
    otel.close();
  }

  private ChatModel model() {
    ChatModel raw =
        OpenAiChatModel.builder()
            .baseUrl("http://127.0.0.1:" + server.getAddress().getPort() + "/v1")
            .apiKey("none")
            .modelName("tiny-model")
            .temperature(0.0)
            .maxTokens(256)
            .maxRetries(0)
            .timeout(Duration.ofSeconds(10))
            .build();
    return new ObservedChatModel(raw, new LlmCallListener(otel.getTracer("io.assay"), meters));
  }

  @Test
  void aCallIsOneClientSpanWithModelAndTokensAndOneTimerSample() {
    var parent = otel.getTracer("test").spanBuilder("activity").startSpan();
    String answer;
    try (var ignored = parent.makeCurrent()) {
      answer = model().chat("How did the number of loans change?");
    } finally {
      parent.end();
    }

    assertThat(answer).isEqualTo("Loans rose by 4%.");
    SpanData span =
        spans.getFinishedSpanItems().stream()
            .filter(s -> s.getName().startsWith("chat "))
            .findFirst()
            .orElseThrow();
    assertThat(span.getName()).isEqualTo("chat tiny-model");
    assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(span.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
    assertThat(span.getAttributes().get(LlmCallListener.PROVIDER)).isEqualTo("open_ai");
    assertThat(span.getAttributes().get(LlmCallListener.REQUEST_MODEL)).isEqualTo("tiny-model");
    assertThat(span.getAttributes().get(LlmCallListener.RESPONSE_MODEL))
        .isEqualTo("tiny-model-0613");
    assertThat(span.getAttributes().get(LlmCallListener.RESPONSE_ID)).isEqualTo("chatcmpl-42");
    assertThat(span.getAttributes().get(LlmCallListener.INPUT_TOKENS)).isEqualTo(31L);
    assertThat(span.getAttributes().get(LlmCallListener.OUTPUT_TOKENS)).isEqualTo(7L);
    assertThat(span.getAttributes().get(LlmCallListener.FINISH_REASONS)).isEqualTo(List.of("stop"));
    assertThat(span.getAttributes().get(LlmCallListener.MAX_TOKENS)).isEqualTo(256L);
    // Neither the question nor the answer is recorded.
    assertThat(span.getAttributes().asMap().values())
        .noneMatch(v -> String.valueOf(v).contains("loans"));

    assertThat(
            meters
                .get("assay.llm.call")
                .tags("provider", "open_ai", "model", "tiny-model", "outcome", "ok")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(meters.get("assay.llm.tokens").tag("type", "input").counter().count()).isEqualTo(31);
    assertThat(meters.get("assay.llm.tokens").tag("type", "output").counter().count()).isEqualTo(7);
  }

  @Test
  void aFailedCallIsAnErrorSpanAndCountedAsAFailure() {
    status.set(500);
    ChatModel model = model();

    assertThatThrownBy(() -> model.chat("anything")).isInstanceOf(RuntimeException.class);

    SpanData span = spans.getFinishedSpanItems().get(0);
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getAttributes().get(LlmCallListener.ERROR_TYPE)).isNotBlank();
    assertThat(meters.get("assay.llm.failures").tag("model", "tiny-model").counter().count())
        .isEqualTo(1);
    assertThat(meters.get("assay.llm.call").tag("outcome", "error").timer().count()).isEqualTo(1);
    assertThat(meters.find("assay.llm.tokens").counters()).isEmpty();
  }
}
