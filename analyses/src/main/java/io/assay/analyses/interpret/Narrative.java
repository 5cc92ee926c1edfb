package io.assay.analyses.interpret;

import java.util.List;

/**
 * The interpretation of a Finding in words.
 *
 * @param text the narrative
 * @param source who wrote it: the deterministic narrator, or a language model whose rewording
 *     passed the number check
 * @param rejections why rewordings were refused (empty when none was tried or the first passed)
 */
public record Narrative(String text, Source source, List<String> rejections) {
  public enum Source {
    DETERMINISTIC,
    LLM
  }

  public Narrative {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("a narrative needs text");
    }
    rejections = rejections == null ? List.of() : List.copyOf(rejections);
  }
}
