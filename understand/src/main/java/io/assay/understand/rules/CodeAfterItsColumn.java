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
      ColumnRef column = onlyColumn(d, m);
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

  /**
   * The one column the phrase names; of several ("bank": the orders' or the transactions'), the one
   * of the only table the question's other phrases name rows of.
   */
  private static ColumnRef onlyColumn(Draft d, Mention m) {
    if (m.targets().isEmpty() || !m.targets().stream().allMatch(t -> t instanceof Target.Column)) {
      return null;
    }
    List<ColumnRef> columns =
        m.all(Target.Column.class).stream().map(Target.Column::column).distinct().toList();
    if (columns.size() == 1) {
      return columns.get(0);
    }
    List<ColumnRef> ofNamedRows =
        columns.stream()
            .filter(
                c ->
                    d.scan.mentions.stream()
                        .anyMatch(
                            o ->
                                o != m
                                    && o.targets().stream()
                                        .anyMatch(
                                            t ->
                                                (t instanceof Target.Table
                                                        || t instanceof Target.Metric)
                                                    && t.table().equals(c.table()))))
            .toList();
    return ofNamedRows.size() == 1 ? ofNamedRows.get(0) : null;
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
