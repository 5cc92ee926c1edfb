package io.assay.llm;

import java.util.Locale;

/** Which API a chat model is reached through. */
public enum LlmProvider {
  /** No model: everything runs on the deterministic path. */
  NONE,
  /** The OpenAI chat-completions API at a base URL: OpenAI itself, Ollama, vLLM, LM Studio… */
  OPENAI_COMPATIBLE,
  /** Anthropic's messages API. */
  ANTHROPIC;

  /** "openai", "openai-compatible", "ollama", "vllm" → OPENAI_COMPATIBLE; "anthropic"; "none". */
  public static LlmProvider parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "none", "off", "disabled" -> NONE;
      case "openai", "openai-compatible", "openai_compatible", "ollama", "vllm", "lmstudio" ->
          OPENAI_COMPATIBLE;
      case "anthropic", "claude" -> ANTHROPIC;
      default ->
          throw new IllegalArgumentException(
              "unknown LLM provider '"
                  + text
                  + "'; use openai (any OpenAI-compatible server: OpenAI,"
                  + " Ollama, vLLM), anthropic, or none");
    };
  }
}
