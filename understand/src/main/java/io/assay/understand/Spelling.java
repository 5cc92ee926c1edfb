package io.assay.understand;

/** Edit distance between two words, for reading a misspelt dataset word ("districs"). */
final class Spelling {

  private Spelling() {}

  /**
   * The optimal-string-alignment distance (insertions, deletions, substitutions and swaps of
   * neighbours each cost one), or {@code limit + 1} as soon as it must exceed {@code limit}.
   */
  static int distance(String a, String b, int limit) {
    int n = a.length();
    int m = b.length();
    if (Math.abs(n - m) > limit) {
      return limit + 1;
    }
    int[][] d = new int[n + 1][m + 1];
    for (int i = 0; i <= n; i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= m; j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= n; i++) {
      int rowMin = Integer.MAX_VALUE;
      for (int j = 1; j <= m; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
        rowMin = Math.min(rowMin, v);
      }
      if (rowMin > limit) {
        return limit + 1;
      }
    }
    return d[n][m];
  }

  /** The lower-case words one insertion, deletion, swap of neighbours or substitution away. */
  static java.util.Set<String> oneEditAway(String w) {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (int i = 0; i <= w.length(); i++) {
      for (char c = 'a'; c <= 'z'; c++) {
        out.add(w.substring(0, i) + c + w.substring(i));
      }
    }
    for (int i = 0; i < w.length(); i++) {
      out.add(w.substring(0, i) + w.substring(i + 1));
      for (char c = 'a'; c <= 'z'; c++) {
        if (c != w.charAt(i)) {
          out.add(w.substring(0, i) + c + w.substring(i + 1));
        }
      }
    }
    for (int i = 0; i + 1 < w.length(); i++) {
      out.add(w.substring(0, i) + w.charAt(i + 1) + w.charAt(i) + w.substring(i + 2));
    }
    out.remove(w);
    return out;
  }
}
