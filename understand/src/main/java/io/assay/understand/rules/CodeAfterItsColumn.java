package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * "loans with status D", "films with a rating of R": a one- or two-letter code right after a word
 * for its column is that code. Such codes are otherwise read only through their declared words,
 * since a lone letter in a sentence is rarely a value; after its column's name nothing else is
 * meant. The code becomes a value of the column for the rules that read values.
 */
final class CodeAfterItsColumn implements Rule {

  /** Words that may stand between the column and its code ("a status of D", "rating = R"). */
  private static final Set<String> LINKING = Set.of("of", "is", "=", ":");

  private static final Set<String> JOINING = Set.of("or", "and", ",");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m) || d.isUsed(m)) {
        continue;
      }
      ColumnRef column = onlyColumn(m);
      if (column == null) {
        continue;
      }
      int k = m.last() + 1;
      while (k < d.scan.tokens.size() && LINKING.contains(d.scan.tokens.get(k).norm())) {
        k++;
      }
      if (k >= d.scan.tokens.size() || taken(d, k)) {
        continue;
      }
      // "status B or D": codes joined to the first are codes of the same column
      int at = i + 1;
      while (k < d.scan.tokens.size() && !taken(d, k)) {
        Token t = d.scan.tokens.get(k);
        String code = code(d, column, t.norm());
        if (code == null) {
          break;
        }
        String written = d.scan.question.substring(t.start(), t.end());
        Mention value =
            new Mention(k, k, written, List.of(new Target.Value(column, code, false)), false);
        d.items.add(at++, new Item(k, k, value));
        d.explainedWords.add(k);
        if (k + 2 >= d.scan.tokens.size() || !JOINING.contains(d.scan.tokens.get(k + 1).norm())) {
          break;
        }
        k += 2;
      }
    }
  }

  private static ColumnRef onlyColumn(Mention m) {
    ColumnRef found = null;
    for (Target t : m.targets()) {
      if (!(t instanceof Target.Column c) || found != null && !found.equals(c.column())) {
        return null;
      }
      found = c.column();
    }
    return found;
  }

  /** Whether a recognised part of the question already holds the token. */
  private static boolean taken(Draft d, int token) {
    return d.items.stream().anyMatch(it -> it.first() <= token && token <= it.last());
  }

  /** The stored short code of the column the word spells (any case), or null. */
  private static String code(Draft d, ColumnRef column, String word) {
    if (word.length() > 2) {
      return null;
    }
    for (String v : d.recon.values().values(column)) {
      if (v.strip().toLowerCase(Locale.ROOT).equals(word)) {
        return v;
      }
    }
    return null;
  }
}
