package io.assay.analyses.interpret;

import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that every number in a text is one of a Finding's figures (within the rounding the text
 * shows). Dates and labels the Finding's statements name are removed first, since they may hold
 * digits ("1997-06", "Praha 1"). A percent is only matched by a percent figure and a plain number
 * only by a plain one, so "40.1" cannot stand for 40.1%.
 */
public final class NumberCheck {
  /** A number token not glued to letters or other digits: 1,234.5 or -3.2% or 0.61. */
  private static final Pattern NUMBER =
      Pattern.compile(
          "(?<![\\p{L}\\d.,])[-+]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?%?(?![\\p{L}\\d])");

  private NumberCheck() {}

  /** Numbers in {@code text} that match no figure; empty when every number is a figure. */
  public static List<String> strayNumbers(String text, Finding finding) {
    String rest = text;
    List<String> verbatim = new ArrayList<>(Narrator.verbatim(finding));
    // Longest first, so "1997-06-01" is removed before "1997-06" could split it.
    verbatim.sort(Comparator.comparingInt(String::length).reversed());
    for (String v : verbatim) {
      if (!v.isBlank()) {
        rest = rest.replace(v, " ");
      }
    }
    List<String> stray = new ArrayList<>();
    Matcher m = NUMBER.matcher(rest);
    while (m.find()) {
      String token = trimTrailingPunctuation(m.group());
      if (!matchesAFigure(token, finding.figures())) {
        stray.add(token);
      }
    }
    return stray;
  }

  private static String trimTrailingPunctuation(String token) {
    String t = token;
    while (t.endsWith(",") || t.endsWith(".")) {
      t = t.substring(0, t.length() - 1);
    }
    return t;
  }

  static boolean matchesAFigure(String token, List<Figure> figures) {
    String unsigned = token.startsWith("+") ? token.substring(1) : token;
    for (Figure f : figures) {
      DisplayFormat format = f.format();
      if (format.matches(unsigned, f.value())) {
        return true;
      }
      // "a drop of 1,234" for a figure of -1,234: the sign may move into the words.
      if (!unsigned.startsWith("-") && f.value() < 0 && format.matches("-" + unsigned, f.value())) {
        return true;
      }
    }
    return false;
  }
}
