package io.assay.understand;

import java.math.BigDecimal;

/**
 * One word or number of a question.
 *
 * @param norm the folded form (lower case, no accents)
 * @param stem the form used for matching ({@link Stemmer})
 * @param start offset of the first character in the question
 * @param end offset after the last character
 * @param number the value when the token is a number ("250,000" → 250000), else null
 */
public record Token(int index, String norm, String stem, int start, int end, BigDecimal number) {

  public boolean isNumber() {
    return number != null;
  }

  /** Whether a comma, semicolon, colon, sentence end or bracket stands between two tokens. */
  public static boolean punctuationBetween(String question, Token a, Token b) {
    return a.end() < b.start()
        && question.substring(a.end(), b.start()).matches("(?s).*[,;:.!?()].*");
  }
}
