package io.assay.llm;

import dev.langchain4j.model.input.PromptTemplate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The prompt templates of module {@code prompts} ({@code prompts/<name>.md} on the class path),
 * filled with langchain4j's {@link PromptTemplate} ({@code {{variable}}} placeholders).
 */
public final class Prompts {

  private static final Map<String, String> TEMPLATES = new ConcurrentHashMap<>();
  private static final Map<String, PromptTemplate> PARSED = new ConcurrentHashMap<>();

  private Prompts() {}

  /** The raw template text. */
  public static String template(String name) {
    return TEMPLATES.computeIfAbsent(name, Prompts::load);
  }

  /** The template with every variable filled; a missing variable is an error. */
  public static String render(String name, Map<String, Object> variables) {
    return PARSED
        .computeIfAbsent(name, n -> PromptTemplate.from(template(n)))
        .apply(variables)
        .text();
  }

  private static String load(String name) {
    String path = "prompts/" + name + ".md";
    try (InputStream in = Prompts.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(
            "prompt template " + path + " is not on the class path" + " (module assay-prompts)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path, e);
    }
  }
}
