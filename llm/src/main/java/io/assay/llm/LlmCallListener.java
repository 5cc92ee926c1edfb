package io.assay.llm;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.listener.ChatModelResponseContext;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Traces and times langchain4j chat calls. langchain4j calls {@link #onRequest} before the request
 * and {@link #onResponse} or {@link #onError} after it, with one attribute map shared between them;
 * the span and the timer sample travel in that map. The span records model, token counts and finish
 * reason (OpenTelemetry GenAI conventions) but never the prompt or the answer: they hold the
 * person's question and warehouse figures.
 */
public final class LlmCallListener implements ChatModelListener {
  static final String CALLS = "assay.llm.call";
  static final String TOKENS = "assay.llm.tokens";
  static final String FAILURES = "assay.llm.failures";

  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
  static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
  static final AttributeKey<Double> TEMPERATURE =
      AttributeKey.doubleKey("gen_ai.request.temperature");
  static final AttributeKey<Long> MAX_TOKENS = AttributeKey.longKey("gen_ai.request.max_tokens");
  static final AttributeKey<String> RESPONSE_MODEL =
      AttributeKey.stringKey("gen_ai.response.model");
  static final AttributeKey<String> RESPONSE_ID = AttributeKey.stringKey("gen_ai.response.id");
  static final AttributeKey<List<String>> FINISH_REASONS =
      AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
  static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
  static final AttributeKey<Long> OUTPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.output_tokens");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  /** Keys of this listener's entries in the shared attribute map (private types: no clashes). */
  private enum Key {
    SPAN,
    SAMPLE
  }

  private final Tracer tracer;
  private final MeterRegistry meters;

  public LlmCallListener(Tracer tracer, MeterRegistry meters) {
    this.tracer = tracer;
    this.meters = meters;
  }

  @Override
  public void onRequest(ChatModelRequestContext context) {
    ChatRequestParameters p = context.chatRequest().parameters();
    SpanBuilder span =
        tracer
            .spanBuilder("chat " + model(context.chatRequest()))
            .setSpanKind(SpanKind.CLIENT)
            .setAttribute(OPERATION, "chat")
            .setAttribute(PROVIDER, provider(context.modelProvider()))
            .setAttribute(REQUEST_MODEL, model(context.chatRequest()));
    if (p != null && p.temperature() != null) {
      span.setAttribute(TEMPERATURE, p.temperature());
    }
    if (p != null && p.maxOutputTokens() != null) {
      span.setAttribute(MAX_TOKENS, p.maxOutputTokens().longValue());
    }
    context.attributes().put(Key.SPAN, span.startSpan());
    context.attributes().put(Key.SAMPLE, Timer.start(meters));
  }

  @Override
  public void onResponse(ChatModelResponseContext context) {
    String provider = provider(context.modelProvider());
    String model = model(context.chatRequest());
    ChatResponse response = context.chatResponse();
    TokenUsage usage = response.tokenUsage();
    Span span = span(context.attributes());
    if (response.modelName() != null) {
      span.setAttribute(RESPONSE_MODEL, response.modelName());
    }
    if (response.id() != null) {
      span.setAttribute(RESPONSE_ID, response.id());
    }
    if (response.finishReason() != null) {
      span.setAttribute(
          FINISH_REASONS, List.of(response.finishReason().name().toLowerCase(Locale.ROOT)));
    }
    if (usage != null) {
      tokens(span, INPUT_TOKENS, usage.inputTokenCount(), provider, model, "input");
      tokens(span, OUTPUT_TOKENS, usage.outputTokenCount(), provider, model, "output");
    }
    stop(context.attributes(), provider, model, "ok");
    span.end();
  }

  @Override
  public void onError(ChatModelErrorContext context) {
    String provider = provider(context.modelProvider());
    String model = model(context.chatRequest());
    String error = context.error() == null ? "unknown" : context.error().getClass().getSimpleName();
    Span span = span(context.attributes());
    // The message is not recorded: providers echo parts of the request in their errors.
    span.setStatus(StatusCode.ERROR, error);
    span.setAttribute(ERROR_TYPE, error);
    Counter.builder(FAILURES)
        .description("LLM calls that failed, by exception type")
        .tags("provider", provider, "model", model, "error", error)
        .register(meters)
        .increment();
    stop(context.attributes(), provider, model, "error");
    span.end();
  }

  private void tokens(
      Span span,
      AttributeKey<Long> key,
      Integer count,
      String provider,
      String model,
      String type) {
    if (count == null) {
      return;
    }
    span.setAttribute(key, count.longValue());
    Counter.builder(TOKENS)
        .description("Tokens the LLM provider reported, by direction")
        .baseUnit("tokens")
        .tags("provider", provider, "model", model, "type", type)
        .register(meters)
        .increment(count);
  }

  private void stop(Map<Object, Object> attributes, String provider, String model, String outcome) {
    if (attributes.remove(Key.SAMPLE) instanceof Timer.Sample sample) {
      sample.stop(
          Timer.builder(CALLS)
              .description("Time of one LLM chat call")
              .tags("provider", provider, "model", model, "outcome", outcome)
              .register(meters));
    }
  }

  /**
   * The span onRequest started; an invalid (no-op) one if another listener's failure skipped it.
   */
  private static Span span(Map<Object, Object> attributes) {
    return attributes.remove(Key.SPAN) instanceof Span s ? s : Span.getInvalid();
  }

  private static String model(ChatRequest request) {
    String name = request.parameters() == null ? null : request.parameters().modelName();
    return name == null || name.isBlank() ? "unknown" : name;
  }

  private static String provider(ModelProvider provider) {
    return provider == null ? "unknown" : provider.name().toLowerCase(Locale.ROOT);
  }
}
