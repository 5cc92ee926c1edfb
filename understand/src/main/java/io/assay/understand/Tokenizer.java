package io.assay.understand;

import io.assay.recon.text.TextNormalizer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a question into words and numbers, keeping offsets. A currency marker glued to a number
 * ("USD100,000", "$5,000") is dropped; thousands separators are read ("250,000" is 250000).
 * Hyphenated and slashed words split ("second-highest", "his/her"). A possessive after a number
 * belongs to it ("1997's"), so no stray "s" is left to read. Typed shorthand ("amt", "w/") reads as
 * the word it stands for.
 */
final class Tokenizer {

  private static final Pattern TOKEN =
      Pattern.compile(
          "(?i)(?:usd|czk|eur|kc|\\$|€)?(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)(?:\\s?(?:usd|czk|eur|kc)\\b)?(?:'s\\b)?"
              + "|\\bw/o\\b|\\bw/(?=\\s)"
              + "|[\\p{L}\\p{M}][\\p{L}\\p{M}\\d']*");

  /**
   * Shorthand people type in questions ("avg loan amt", "loans w/ status B", "txns per acct"), read
   * as the words they stand for. General English only; a dataset's own abbreviations belong in its
   * YAML.
   */
  private static final Map<String, String> SHORTHAND =
      Map.ofEntries(
          Map.entry("w/", "with"),
          Map.entry("w/o", "without"),
          Map.entry("amt", "amount"),
          Map.entry("amts", "amounts"),
          Map.entry("qty", "quantity"),
          Map.entry("num", "number"),
          Map.entry("yr", "year"),
          Map.entry("yrs", "years"),
          Map.entry("mo", "month"),
          Map.entry("mos", "months"),
          Map.entry("pct", "percent"),
          Map.entry("acct", "account"),
          Map.entry("accts", "accounts"),
          Map.entry("txn", "transaction"),
          Map.entry("txns", "transactions"),
          Map.entry("cust", "customer"),
          Map.entry("custs", "customers"));

  private Tokenizer() {}

  static List<Token> tokenize(String text) {
    List<Token> out = new ArrayList<>();
    // A typographic apostrophe is an apostrophe ("client’s", "1997’s"); one char for one keeps
    // every offset.
    Matcher m = TOKEN.matcher(text.replace('\u2019', '\''));
    while (m.find()) {
      String numberText = m.group(1);
      if (numberText != null) {
        BigDecimal n = new BigDecimal(numberText.replace(",", ""));
        int s = m.start(1);
        int e = m.end(1);
        out.add(new Token(out.size(), numberText, numberText, s, e, n));
      } else {
        // "client's" → client; "I'd", "we'll", "they're" lose the contracted verb, which would
        // otherwise read as a word of its own ("I'd" is not "id"); "don't" keeps its negation
        String word =
            m.group().replaceAll("(?i)'(s|d|ll|re|ve|m)$", "").replace("'s", "").replace("'", "");
        String shorthand = SHORTHAND.get(m.group().toLowerCase(Locale.ROOT));
        String norm = TextNormalizer.normalize(shorthand != null ? shorthand : word);
        if (norm.isEmpty()) {
          continue;
        }
        out.add(new Token(out.size(), norm, Stemmer.stem(norm), m.start(), m.end(), null));
      }
    }
    return out;
  }

  /** Stems of a lexicon phrase, in the same shape as a question's tokens. */
  static List<String> stems(String phrase) {
    List<String> out = new ArrayList<>();
    for (Token t : tokenize(phrase)) {
      out.add(t.stem());
    }
    return out;
  }
}
