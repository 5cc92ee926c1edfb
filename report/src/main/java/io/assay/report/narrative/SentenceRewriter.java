package io.assay.report.narrative;

/** Rewords one sentence's plain text (an LLM call in production, a script in tests). */
@FunctionalInterface
public interface SentenceRewriter {
  String reword(String sentence);
}
