package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

/** What a person reads of a refusal: sentences in their words, wherever it is shown. */
final class PeoplesWords {
  private PeoplesWords() {}

  /**
   * No analysis or argument id, "arg", column reference, ISO date or state name outside what the
   * person typed (quoted as typed).
   */
  static void assertInWords(String message) {
    String outsideQuotes = message.replaceAll("'[^']*'", "''");
    assertThat(outsideQuotes)
        .as(message)
        .doesNotContainPattern("\\b[a-z][a-z0-9]*(_[a-z0-9]+)+\\b")
        .doesNotContainPattern("\\barg\\b")
        .doesNotContainPattern("\\b[a-z]{2,}\\.[a-z][a-z0-9_]+\\b")
        .doesNotContainPattern("\\b\\d{4}-\\d{2}\\b")
        .doesNotContainPattern("\\b[A-Z]+_[A-Z_]+\\b");
  }
}
