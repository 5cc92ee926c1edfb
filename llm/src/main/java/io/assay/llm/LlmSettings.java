package io.assay.llm;

import java.time.Duration;
import java.util.function.Function;

/**
 * The optional LLM configuration: a default model (used by the planner), and an optional separate
 * model for analysis steps (rewording narratives) that falls back to the default when unset.
 *
 * <p>Read from properties (Spring, system properties or environment through a lookup function):
 *
 * <pre>
 *   assay.llm.provider      openai | anthropic | none (default none)
 *   assay.llm.base-url      e.g. http://localhost:11434/v1 (Ollama), http://vllm:8000/v1
 *   assay.llm.model         e.g. gpt-4o-mini, llama3.1:8b, claude-3-5-haiku-latest
 *   assay.llm.api-key       the key (local OpenAI-compatible servers accept any)
 *   assay.llm.temperature   default 0
 *   assay.llm.timeout-seconds  default 60
 *   assay.llm.json-schema   true | false: structured output by JSON schema (default true)
 *   assay.llm.reading       fallback | always | off: when the model reads questions (default
 *                           fallback)
 *   assay.llm.token-budget  the most tokens one job's model readings may spend together, over
 *                           its clarification rounds (default 20000)
 *   assay.llm.analysis.provider / base-url / model / api-key / temperature / timeout-seconds
 *                           the analysis model; each unset key takes the default model's value
 * </pre>
 */
public record LlmSettings(
    ModelSettings planning, ModelSettings analysis, ReadingPolicy reading, int tokenBudget) {

  public static final int DEFAULT_TOKEN_BUDGET = 20_000;

  public LlmSettings {
    planning = planning == null ? ModelSettings.none() : planning;
    reading = reading == null ? ReadingPolicy.FALLBACK : reading;
    tokenBudget = tokenBudget <= 0 ? DEFAULT_TOKEN_BUDGET : tokenBudget;
  }

  public LlmSettings(ModelSettings planning, ModelSettings analysis) {
    this(planning, analysis, ReadingPolicy.FALLBACK, DEFAULT_TOKEN_BUDGET);
  }

  /** The model for analysis steps: its own when configured, else the default. */
  public ModelSettings analysisOrDefault() {
    return analysis != null && analysis.enabled() ? analysis : planning;
  }

  public static LlmSettings none() {
    return new LlmSettings(ModelSettings.none(), null);
  }

  /**
   * Reads the settings through {@code property} (returns null for an unset key).
   *
   * @throws IllegalArgumentException naming the key for a bad value
   */
  public static LlmSettings from(Function<String, String> property) {
    ModelSettings planning = read(property, "assay.llm.", null);
    ModelSettings analysis = null;
    boolean anyAnalysis = false;
    for (String k :
        new String[] {
          "provider",
          "base-url",
          "model",
          "api-key",
          "temperature",
          "timeout-seconds",
          "json-schema"
        }) {
      String v = property.apply("assay.llm.analysis." + k);
      anyAnalysis |= v != null && !v.isBlank();
    }
    if (anyAnalysis) {
      analysis = read(property, "assay.llm.analysis.", planning);
    }
    ReadingPolicy reading = ReadingPolicy.parse(property.apply("assay.llm.reading"));
    double budget = number(property, "assay.llm.token-budget", DEFAULT_TOKEN_BUDGET);
    if (budget < 1) {
      throw new IllegalArgumentException("assay.llm.token-budget must be positive");
    }
    return new LlmSettings(planning, analysis, reading, (int) budget);
  }

  private static ModelSettings read(
      Function<String, String> p, String prefix, ModelSettings fallback) {
    String provider =
        value(p, prefix + "provider", fallback == null ? null : fallback.provider().name());
    LlmProvider prov;
    try {
      prov = LlmProvider.parse(provider);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(prefix + "provider: " + e.getMessage(), e);
    }
    String baseUrl = value(p, prefix + "base-url", fallback == null ? null : fallback.baseUrl());
    String model = value(p, prefix + "model", fallback == null ? null : fallback.model());
    String key = value(p, prefix + "api-key", fallback == null ? null : fallback.apiKey());
    double temperature =
        number(p, prefix + "temperature", fallback == null ? 0 : fallback.temperature());
    double timeout =
        number(
            p, prefix + "timeout-seconds", fallback == null ? 60 : fallback.timeout().toSeconds());
    if (timeout <= 0) {
      throw new IllegalArgumentException(prefix + "timeout-seconds must be positive");
    }
    String schema =
        value(p, prefix + "json-schema", fallback == null ? "true" : "" + fallback.jsonSchema());
    if (!schema.equalsIgnoreCase("true") && !schema.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(
          prefix + "json-schema must be true or false, got '" + schema + "'");
    }
    try {
      return new ModelSettings(
          prov,
          baseUrl,
          model,
          key,
          temperature,
          Duration.ofMillis((long) (timeout * 1000)),
          0,
          Boolean.parseBoolean(schema));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(prefix + "*: " + e.getMessage(), e);
    }
  }

  private static String value(Function<String, String> p, String key, String fallback) {
    String v = p.apply(key);
    return v == null || v.isBlank() ? fallback : v.strip();
  }

  private static double number(Function<String, String> p, String key, double fallback) {
    String v = p.apply(key);
    if (v == null || v.isBlank()) {
      return fallback;
    }
    try {
      return Double.parseDouble(v.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
    }
  }
}
