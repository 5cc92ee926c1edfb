package io.assay.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LlmSettingsTest {

  @Test
  void nothingConfiguredMeansTheDeterministicPath() {
    LlmSettings s = LlmSettings.from(Map.<String, String>of()::get);
    assertThat(s.planning().enabled()).isFalse();
    ChatModels models = ChatModels.from(s);
    assertThat(models.planning()).isEmpty();
    assertThat(models.analysis()).isEmpty();
  }

  @Test
  void anOllamaServerIsAnOpenAiCompatibleBaseUrlAndModel() {
    LlmSettings s =
        LlmSettings.from(
            Map.of(
                    "assay.llm.provider", "ollama",
                    "assay.llm.base-url", "http://localhost:11434/v1",
                    "assay.llm.model", "llama3.1:8b",
                    "assay.llm.timeout-seconds", "30")
                ::get);
    assertThat(s.planning().provider()).isEqualTo(LlmProvider.OPENAI_COMPATIBLE);
    assertThat(s.planning().timeout()).isEqualTo(Duration.ofSeconds(30));
    ChatModels models = ChatModels.from(s);
    assertThat(models.planning()).get().isInstanceOf(OpenAiChatModel.class);
    // no separate analysis model: analysis steps use the default one
    assertThat(models.analysis()).containsSame(models.planning().get());
  }

  @Test
  void aSeparateAnalysisModelInheritsWhatItDoesNotSet() {
    LlmSettings s =
        LlmSettings.from(
            Map.of(
                    "assay.llm.provider", "openai",
                    "assay.llm.base-url", "http://vllm:8000/v1",
                    "assay.llm.model", "qwen2.5-7b",
                    "assay.llm.api-key", "k",
                    "assay.llm.analysis.model", "qwen2.5-32b")
                ::get);
    assertThat(s.analysisOrDefault().model()).isEqualTo("qwen2.5-32b");
    assertThat(s.analysisOrDefault().baseUrl()).isEqualTo("http://vllm:8000/v1");
    assertThat(s.analysisOrDefault().apiKey()).isEqualTo("k");
    ChatModels models = ChatModels.from(s);
    assertThat(models.analysis().get()).isNotSameAs(models.planning().get());
  }

  @Test
  void anthropicNeedsAKeyAndBuildsItsClient() {
    assertThatThrownBy(
            () ->
                LlmSettings.from(
                    Map.of(
                            "assay.llm.provider",
                            "anthropic",
                            "assay.llm.model",
                            "claude-3-5-haiku-latest")
                        ::get))
        .hasMessageContaining("API key");
    LlmSettings s =
        LlmSettings.from(
            Map.of(
                    "assay.llm.provider",
                    "anthropic",
                    "assay.llm.model",
                    "claude-3-5-haiku-latest",
                    "assay.llm.api-key",
                    "sk-test")
                ::get);
    assertThat(ChatModels.from(s).planning()).get().isInstanceOf(AnthropicChatModel.class);
  }

  @Test
  void badValuesNameTheirKey() {
    assertThatThrownBy(() -> LlmSettings.from(Map.of("assay.llm.provider", "gemini")::get))
        .hasMessageContaining("assay.llm.provider")
        .hasMessageContaining("unknown LLM provider");
    assertThatThrownBy(() -> LlmSettings.from(Map.of("assay.llm.provider", "openai")::get))
        .hasMessageContaining("model name is required");
    assertThatThrownBy(
            () ->
                LlmSettings.from(
                    Map.of(
                            "assay.llm.provider",
                            "openai",
                            "assay.llm.model",
                            "m",
                            "assay.llm.temperature",
                            "warm")
                        ::get))
        .hasMessageContaining("assay.llm.temperature must be a number");
    assertThatThrownBy(
            () ->
                LlmSettings.from(
                    Map.of(
                            "assay.llm.provider",
                            "openai",
                            "assay.llm.model",
                            "m",
                            "assay.llm.base-url",
                            "localhost:11434")
                        ::get))
        .hasMessageContaining("http://");
  }

  @Test
  void promptTemplatesComeFromThePromptsModule() {
    String system = Prompts.render("planner-v1-system", Map.of("dataset", "financial"));
    assertThat(system).contains("\"financial\" dataset").contains("Never write SQL");
    assertThatThrownBy(() -> Prompts.render("planner-v1-retry", Map.of()))
        .hasMessageContaining("errors");
  }

  @Test
  void theReadingPolicyTokenBudgetAndStructuredOutputAreRead() {
    Map<String, String> p =
        Map.of(
            "assay.llm.provider", "openai",
            "assay.llm.model", "gpt-4o-mini",
            "assay.llm.reading", "always",
            "assay.llm.token-budget", "5000");
    LlmSettings s = LlmSettings.from(p::get);
    assertThat(s.reading()).isEqualTo(ReadingPolicy.ALWAYS);
    assertThat(s.tokenBudget()).isEqualTo(5000);
    assertThat(s.planning().jsonSchema()).isTrue();
    ChatModels models = ChatModels.from(s);
    assertThat(models.reading()).isEqualTo(ReadingPolicy.ALWAYS);
    assertThat(models.planning().get().supportedCapabilities())
        .contains(dev.langchain4j.model.chat.Capability.RESPONSE_FORMAT_JSON_SCHEMA);

    LlmSettings defaults = LlmSettings.from(Map.of("assay.llm.provider", "none")::get);
    assertThat(defaults.reading()).isEqualTo(ReadingPolicy.FALLBACK);
    assertThat(defaults.tokenBudget()).isEqualTo(LlmSettings.DEFAULT_TOKEN_BUDGET);
    LlmSettings plain =
        LlmSettings.from(
            Map.of(
                    "assay.llm.provider", "openai",
                    "assay.llm.model", "m",
                    "assay.llm.json-schema", "false")
                ::get);
    assertThat(ChatModels.from(plain).planning().get().supportedCapabilities())
        .doesNotContain(dev.langchain4j.model.chat.Capability.RESPONSE_FORMAT_JSON_SCHEMA);
  }

  @Test
  void aBadReadingPolicyOrBudgetNamesTheKey() {
    assertThatThrownBy(() -> LlmSettings.from(Map.of("assay.llm.reading", "sometimes")::get))
        .hasMessageContaining("assay.llm.reading");
    assertThatThrownBy(() -> LlmSettings.from(Map.of("assay.llm.token-budget", "0")::get))
        .hasMessageContaining("assay.llm.token-budget");
    assertThatThrownBy(
            () ->
                LlmSettings.from(
                    Map.of(
                            "assay.llm.provider", "openai",
                            "assay.llm.model", "m",
                            "assay.llm.json-schema", "maybe")
                        ::get))
        .hasMessageContaining("json-schema");
  }
}
