package io.assay.recon.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "Did you mean" suggestions: the candidates closest to a misspelt name by edit distance, also
 * reachable through their synonyms ("volumen" finds metric transaction_amount through its synonym
 * "volume").
 */
public final class DidYouMean {

  private DidYouMean() {}

  /**
   * Up to {@code max} target names, best first. {@code aliases} maps a spelling (a name or a
   * synonym) to the name it stands for; a candidate qualifies when its edit distance is at most a
   * third of the longer word (at least 2), or when one contains the other.
   */
  public static List<String> suggest(String asked, Map<String, String> aliases, int max) {
    String a = asked.toLowerCase(Locale.ROOT).strip();
    Map<String, Integer> best = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : aliases.entrySet()) {
      String spelling = e.getKey().toLowerCase(Locale.ROOT);
      int d = distance(a, spelling);
      int allowed = Math.max(2, Math.max(a.length(), spelling.length()) / 3);
      boolean contains =
          a.length() >= 3
              && spelling.length() >= 3
              && (spelling.contains(a) || a.contains(spelling));
      if (d <= allowed || contains) {
        int score = contains ? Math.min(d, 3) : d;
        best.merge(e.getValue(), score, Math::min);
      }
    }
    List<Map.Entry<String, Integer>> ranked = new ArrayList<>(best.entrySet());
    ranked.sort(
        Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()));
    // Only the closest few are worth reading: an exact spelling (a name or a synonym) is the
    // answer, otherwise keep those within one edit of the best.
    int top = ranked.isEmpty() ? 0 : ranked.get(0).getValue();
    return ranked.stream()
        .filter(e -> top == 0 ? e.getValue() == 0 : e.getValue() <= top + 1)
        .limit(max)
        .map(Map.Entry::getKey)
        .toList();
  }

  /** Suggestions among plain names (no synonyms). */
  public static List<String> suggest(String asked, Iterable<String> names, int max) {
    Map<String, String> identity = new LinkedHashMap<>();
    for (String n : names) {
      identity.put(n, n);
    }
    return suggest(asked, identity, max);
  }

  /** " — did you mean 'x' or 'y'?" or "" when there is nothing close. */
  public static String phrase(List<String> suggestions) {
    if (suggestions.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(" — did you mean ");
    for (int i = 0; i < suggestions.size(); i++) {
      if (i > 0) {
        sb.append(i == suggestions.size() - 1 ? " or " : ", ");
      }
      sb.append('\'').append(suggestions.get(i)).append('\'');
    }
    return sb.append('?').toString();
  }

  /** Levenshtein distance. */
  public static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
