package io.assay.llm;

import java.time.Duration;

/**
 * How to reach one chat model.
 *
 * @param baseUrl the API root, e.g. {@code http://localhost:11434/v1} for Ollama; null for the
 *     provider's default
 * @param apiKey the key; OpenAI-compatible local servers accept any non-empty key
 * @param temperature 0 for the most repeatable choices
 * @param jsonSchema whether the server takes a JSON schema as response format (structured output);
 *     when false the closed sets are only in the prompt and the reply is checked as always
 */
public record ModelSettings(
    LlmProvider provider,
    String baseUrl,
    String model,
    String apiKey,
    double temperature,
    Duration timeout,
    int maxTokens,
    boolean jsonSchema) {

  public ModelSettings {
    if (provider == null) {
      provider = LlmProvider.NONE;
    }
    timeout = timeout == null ? Duration.ofSeconds(60) : timeout;
    maxTokens = maxTokens <= 0 ? 2048 : maxTokens;
    if (provider != LlmProvider.NONE) {
      if (model == null || model.isBlank()) {
        throw new IllegalArgumentException(
            "an LLM model name is required for provider "
                + provider.name().toLowerCase()
                + " (e.g. gpt-4o-mini, llama3.1:8b, claude-3-5-haiku-latest)");
      }
      if (provider == LlmProvider.ANTHROPIC && (apiKey == null || apiKey.isBlank())) {
        throw new IllegalArgumentException("the anthropic provider needs an API key");
      }
      if (baseUrl != null
          && !baseUrl.isBlank()
          && !(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
        throw new IllegalArgumentException(
            "the LLM base URL must start with http:// or https://, got '" + baseUrl + "'");
      }
      if (temperature < 0 || temperature > 2) {
        throw new IllegalArgumentException(
            "LLM temperature must be within 0..2, got " + temperature);
      }
    }
  }

  public static ModelSettings none() {
    return new ModelSettings(LlmProvider.NONE, null, null, null, 0, null, 0, false);
  }

  public boolean enabled() {
    return provider != LlmProvider.NONE;
  }
}
