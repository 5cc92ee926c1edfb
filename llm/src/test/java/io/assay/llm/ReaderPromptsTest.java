package io.assay.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The model reader's prompts: versioned in their names, every variable filled, none left over. */
class ReaderPromptsTest {

  private static final Map<String, List<String>> VARIABLES =
      Map.of(
          "reader-v1-system", List.of("dataset"),
          "reader-v1-user",
              List.of(
                  "question",
                  "hint",
                  "metrics",
                  "values",
                  "times",
                  "grains",
                  "columns",
                  "analyses"),
          "reader-v1-retry", List.of("errors"));

  @Test
  void eachPromptRendersWithItsVariablesAndLeavesNoPlaceholder() {
    VARIABLES.forEach(
        (name, vars) -> {
          Map<String, Object> values = new LinkedHashMap<>();
          vars.forEach(v -> values.put(v, "<" + v + ">"));
          String text = Prompts.render(name, values);
          assertThat(text).doesNotContain("{{").doesNotContain("}}");
          vars.forEach(v -> assertThat(text).as(name).contains("<" + v + ">"));
        });
  }

  @Test
  void aMissingVariableIsAnError() {
    assertThatThrownBy(() -> Prompts.render("reader-v1-user", Map.of("question", "q")))
        .isInstanceOf(RuntimeException.class);
  }

  @Test
  void theSystemPromptForbidsSqlAndInventedNames() {
    String system = Prompts.template("reader-v1-system");
    assertThat(system).contains("never write SQL").contains("Never invent a name");
    assertThat(Prompts.template("reader-v1-user")).contains("Allowed metrics");
  }
}
