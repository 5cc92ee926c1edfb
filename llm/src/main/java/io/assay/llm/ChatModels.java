package io.assay.llm;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.util.Optional;

/**
 * Builds langchain4j chat models from {@link LlmSettings}. Building contacts nothing; the first
 * request does. The planner uses {@link #planning()}; analysis steps use {@link #analysis()}, which
 * is the separate analysis model when configured and the planning model otherwise.
 */
public final class ChatModels {

  private final ChatModel planning;
  private final ChatModel analysis;
  private final ReadingPolicy reading;
  private final int tokenBudget;

  private ChatModels(
      ChatModel planning, ChatModel analysis, ReadingPolicy reading, int tokenBudget) {
    this.planning = planning;
    this.analysis = analysis;
    this.reading = reading;
    this.tokenBudget = tokenBudget;
  }

  public static ChatModels from(LlmSettings settings) {
    ChatModel planning = settings.planning().enabled() ? build(settings.planning()) : null;
    ModelSettings a = settings.analysisOrDefault();
    ChatModel analysis = a == settings.planning() ? planning : a.enabled() ? build(a) : null;
    return new ChatModels(planning, analysis, settings.reading(), settings.tokenBudget());
  }

  /** No models: the deterministic path only. */
  public static ChatModels none() {
    return new ChatModels(null, null, ReadingPolicy.OFF, LlmSettings.DEFAULT_TOKEN_BUDGET);
  }

  /** When the planning model reads questions ({@code assay.llm.reading}). */
  public ReadingPolicy reading() {
    return reading;
  }

  /** The most tokens one question's model reading may spend ({@code assay.llm.token-budget}). */
  public int tokenBudget() {
    return tokenBudget;
  }

  /** The model the LLM planner uses, if any. */
  public Optional<ChatModel> planning() {
    return Optional.ofNullable(planning);
  }

  /** The model for analysis steps: the analysis model, else the planning model, if any. */
  public Optional<ChatModel> analysis() {
    return Optional.ofNullable(analysis);
  }

  public static ChatModel build(ModelSettings s) {
    return switch (s.provider()) {
      case OPENAI_COMPATIBLE -> {
        OpenAiChatModel.OpenAiChatModelBuilder b =
            OpenAiChatModel.builder()
                .modelName(s.model())
                // Local servers (Ollama, vLLM) ignore the key but the client requires one.
                .apiKey(s.apiKey() == null || s.apiKey().isBlank() ? "none" : s.apiKey())
                .temperature(s.temperature())
                .timeout(s.timeout())
                // Callers own retries: the reader retries once with the validation error, and
                // Temporal retries activities; a transport retry would double round trips.
                .maxRetries(0)
                .maxTokens(s.maxTokens());
        if (s.jsonSchema()) {
          b.supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        }
        if (s.baseUrl() != null && !s.baseUrl().isBlank()) {
          b.baseUrl(s.baseUrl());
        }
        yield b.build();
      }
      case ANTHROPIC -> {
        AnthropicChatModel.AnthropicChatModelBuilder b =
            AnthropicChatModel.builder()
                .modelName(s.model())
                .apiKey(s.apiKey())
                .temperature(s.temperature())
                .timeout(s.timeout())
                .maxRetries(1)
                .maxTokens(s.maxTokens());
        if (s.baseUrl() != null && !s.baseUrl().isBlank()) {
          b.baseUrl(s.baseUrl());
        }
        yield b.build();
      }
      case NONE -> throw new IllegalArgumentException("no LLM provider configured");
    };
  }
}
