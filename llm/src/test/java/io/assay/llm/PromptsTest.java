package io.assay.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every prompt of module {@code prompts}: one per task and part, versioned in its name ({@code
 * <task>-v<N>-<part>}), declared here with its variables, every variable filled and none left over.
 * A new prompt or a new variable fails this test until it is declared.
 */
class PromptsTest {

  private static final List<String> READER_USER =
      List.of("question", "hint", "metrics", "values", "times", "grains", "columns", "analyses");
  private static final List<String> PLANNER_USER =
      List.of("question", "hint", "reading", "analyses", "metrics", "columns");

  private static final Map<String, List<String>> VARIABLES =
      Map.of(
          "reader-v1-system", List.of("dataset"),
          "reader-v1-user", READER_USER,
          "reader-v1-retry", List.of("errors"),
          "planner-v1-system", List.of("dataset"),
          "planner-v1-user", PLANNER_USER,
          "planner-v1-retry", List.of("errors"));

  @Test
  void everyPromptOnTheClassPathIsVersionedAndDeclared() throws Exception {
    TreeSet<String> names = promptNames();
    assertThat(names).isNotEmpty();
    assertThat(names).allSatisfy(n -> assertThat(n).matches("[a-z]+-v[0-9]+-(system|user|retry)"));
    assertThat(names).containsExactlyInAnyOrderElementsOf(VARIABLES.keySet());
  }

  @Test
  void eachPromptRendersWithItsVariablesAndLeavesNoPlaceholder() {
    VARIABLES.forEach(
        (name, vars) -> {
          Map<String, Object> values = new LinkedHashMap<>();
          vars.forEach(v -> values.put(v, "<" + v + ">"));
          String text = Prompts.render(name, values);
          assertThat(text).as(name).doesNotContainPattern("\\{\\{\\s*[a-z_]+\\s*}}");
          vars.forEach(v -> assertThat(text).as(name).contains("<" + v + ">"));
        });
  }

  @Test
  void aMissingVariableIsAnError() {
    assertThatThrownBy(() -> Prompts.render("reader-v1-user", Map.of("question", "q")))
        .isInstanceOf(RuntimeException.class);
  }

  @Test
  void theSystemPromptsForbidSqlAndInventedNames() {
    String system = Prompts.template("reader-v1-system");
    assertThat(system).contains("never write SQL").contains("Never invent a name");
    assertThat(Prompts.template("reader-v1-user")).contains("Allowed metrics");
  }

  /** The prompt files beside a known one: a directory in a build, a jar entry otherwise. */
  private static TreeSet<String> promptNames() throws IOException, URISyntaxException {
    URI known = PromptsTest.class.getClassLoader().getResource("prompts/reader-v1-user.md").toURI();
    TreeSet<String> out = new TreeSet<>();
    if (known.getScheme().equals("jar")) {
      try (FileSystem jar = FileSystems.newFileSystem(known, Map.of())) {
        list(jar.getPath("/prompts"), out);
      }
    } else {
      list(Path.of(known).getParent(), out);
    }
    return out;
  }

  private static void list(Path dir, TreeSet<String> out) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".md"))
          .forEach(n -> out.add(n.substring(0, n.length() - 3)));
    }
  }
}
