package io.assay.understand;

/**
 * A light English suffix stripper, enough to make "crimes"/"crime", "approved"/"approval",
 * "committed"/"commit" and "opened"/"opening" meet. Both the lexicon and the question go through
 * it, so a stem only has to be consistent, never a real word. Numbers and short words pass through
 * unchanged.
 */
final class Stemmer {

  private Stemmer() {}

  static String stem(String word) {
    if (word.length() <= 3 || !Character.isLetter(word.charAt(0))) {
      return word;
    }
    String w = word;
    if (w.endsWith("'s")) {
      w = w.substring(0, w.length() - 2);
    }
    w = plural(w);
    w = suffix(w);
    return w;
  }

  private static String plural(String w) {
    if (w.endsWith("ies") && w.length() > 4) {
      return w.substring(0, w.length() - 3) + "y";
    }
    if (w.endsWith("sses") || w.endsWith("ches") || w.endsWith("shes") || w.endsWith("xes")) {
      return w.substring(0, w.length() - 2);
    }
    if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
      return w.substring(0, w.length() - 1);
    }
    return w;
  }

  // Longest first; each strip keeps a stem of at least four letters so "need", "feed", "ring"
  // and "sing" stay intact. "-ly" stays: "monthly" (a statement frequency) is not "month". "-er"
  // stays too: an agent noun is not its verb ("holders" of accounts are people, "hold a loan"
  // says what rows have), and stripping it cut "transfer" to "transf" but "transferred" to
  // "transfer", so the two never met.
  private static final String[] SUFFIXES = {
    "ations", "ation", "ances", "ance", "ences", "ence", "ments", "ment", "ings", "ing", "als",
    "al", "ed", "e"
  };

  private static String suffix(String w) {
    for (String s : SUFFIXES) {
      if (w.endsWith(s) && w.length() - s.length() >= 4) {
        String base = w.substring(0, w.length() - s.length());
        return undouble(base);
      }
    }
    return w;
  }

  /** "committ" → "commit", "transferr" → "transfer", but "fall" stays. */
  private static String undouble(String base) {
    int n = base.length();
    if (n >= 5
        && base.charAt(n - 1) == base.charAt(n - 2)
        && "bdgmnprt".indexOf(base.charAt(n - 1)) >= 0) {
      return base.substring(0, n - 1);
    }
    return base;
  }
}
