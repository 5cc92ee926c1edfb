package io.assay.recon.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Folds text for matching: lower case, accents removed, every run of punctuation and spaces made
 * one space. "Hl.m. Praha", "hl m praha" and "HL.M.PRAHA" all become "hl m praha"; "Plzeň - město"
 * becomes "plzen mesto".
 */
public final class TextNormalizer {

  private static final Pattern MARKS = Pattern.compile("\\p{M}+");
  private static final Pattern SEPARATORS = Pattern.compile("[^\\p{L}\\p{N}]+");

  private TextNormalizer() {}

  public static String normalize(String text) {
    String decomposed = Normalizer.normalize(text, Normalizer.Form.NFD);
    String plain = MARKS.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT);
    return SEPARATORS.matcher(plain).replaceAll(" ").strip();
  }

  /** A word of a text: its normalised form and where it sits in the original. */
  public record Token(String normalized, int start, int end) {}

  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}\\p{M}]+");

  /** The words of a text with their positions, in order. */
  public static List<Token> tokenize(String text) {
    List<Token> out = new ArrayList<>();
    var m = WORD.matcher(text);
    while (m.find()) {
      String n = normalize(m.group());
      if (!n.isEmpty()) {
        out.add(new Token(n, m.start(), m.end()));
      }
    }
    return out;
  }

  /** The normalised words of a text, in order. */
  public static List<String> tokens(String text) {
    String n = normalize(text);
    List<String> out = new ArrayList<>();
    if (!n.isEmpty()) {
      for (String t : n.split(" ")) {
        out.add(t);
      }
    }
    return out;
  }
}
