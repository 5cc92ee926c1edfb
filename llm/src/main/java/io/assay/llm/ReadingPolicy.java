package io.assay.llm;

import java.util.Locale;

/**
 * When the model reads a question ({@code assay.llm.reading}). The deterministic reader always
 * reads first; the model reader fills the same typed Pick from closed sets built from recon.
 */
public enum ReadingPolicy {
  /** Ask the model only when the deterministic reader abstains or would ask; the default. */
  FALLBACK,
  /** Read with both; when their Picks differ, ask the person, showing both readings. */
  ALWAYS,
  /** Never read with the model (the LLM planner may still choose analyses). */
  OFF;

  /** "fallback" (also blank), "always", "off". */
  public static ReadingPolicy parse(String text) {
    if (text == null || text.isBlank()) {
      return FALLBACK;
    }
    return switch (text.strip().toLowerCase(Locale.ROOT)) {
      case "fallback" -> FALLBACK;
      case "always", "both" -> ALWAYS;
      case "off", "none", "never" -> OFF;
      default ->
          throw new IllegalArgumentException(
              "assay.llm.reading must be fallback, always or off, got '" + text + "'");
    };
  }
}
