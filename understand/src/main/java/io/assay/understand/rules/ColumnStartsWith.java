package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * "customers whose last name starts with S", "titles beginning with the letter A": a text column, a
 * verb of beginning and "with", then the letters, keeps the rows whose column starts with them. The
 * letters are written in the case the column stores its words in (all capitals, all small letters),
 * since a person types a name's initial as they please.
 */
final class ColumnStartsWith implements Rule {

  private static final Set<String> BEGINS =
      Set.of("starts", "start", "starting", "begins", "begin", "beginning");

  /** Words that may stand between the column and the verb. */
  private static final Set<String> BEFORE_VERB = Set.of("that", "which", "to");

  /** Words that may stand between "with" and the letters. */
  private static final Set<String> BEFORE_LETTERS = Set.of("the", "a", "letter", "letters", "word");

  @Override
  public void apply(Draft d) {
    List<Token> tokens = d.scan.tokens;
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m) || d.isUsed(m)) {
        continue;
      }
      int verb = m.last() + 1;
      while (verb < tokens.size() && BEFORE_VERB.contains(tokens.get(verb).norm())) {
        verb++;
      }
      if (verb + 2 >= tokens.size()
          || !BEGINS.contains(tokens.get(verb).norm())
          || !tokens.get(verb + 1).norm().equals("with")) {
        continue;
      }
      int letters = verb + 2;
      while (letters + 1 < tokens.size() && BEFORE_LETTERS.contains(tokens.get(letters).norm())) {
        letters++;
      }
      List<ColumnRef> text =
          m.all(Target.Column.class).stream()
              .map(Target.Column::column)
              .filter(d.schema::isText)
              .toList();
      ColumnRef column = text.isEmpty() ? rowsLabel(d, m) : d.schema.disambiguate(m, text);
      if (column == null) {
        continue;
      }
      Token t = tokens.get(letters);
      String prefix = inStoredCase(d, column, d.scan.question.substring(t.start(), t.end()));
      d.addFilter(new Filter.Prefix(column, prefix), m.first(), null);
      if (!text.isEmpty()) {
        d.use(m); // a phrase of the rows themselves stays to be listed or counted
      }
      for (int k = verb; k <= letters; k++) {
        d.explainedWords.add(k);
      }
      for (Item it : d.items) {
        if (it.first() <= letters && letters <= it.last()) {
          d.use(it.what()); // "starts with Mary": a stored name read as the letters
        }
      }
      d.note(
          "'"
              + d.scan.words(m.first(), letters)
              + "' → "
              + column
              + " starts with '"
              + prefix
              + "'");
    }
  }

  /**
   * "films that start with …", "count the films starting with …": the one text label (a title, a
   * name) of the rows whose noun ends the phrase, or null.
   */
  private static ColumnRef rowsLabel(Draft d, Mention m) {
    for (Target t : m.targets()) {
      if (t.table() == null || !d.schema.isTableNoun(m.last(), t.table())) {
        continue;
      }
      ColumnRef c = d.schema.namingColumn(t.table());
      if (c != null && d.schema.isText(c)) {
        return c;
      }
    }
    return null;
  }

  /** The letters in capitals or small letters when every stored value of the column is so. */
  private static String inStoredCase(Draft d, ColumnRef column, String letters) {
    List<String> stored = d.recon.values().values(column);
    if (stored.isEmpty()) {
      return letters;
    }
    if (stored.stream().allMatch(v -> v.equals(v.toUpperCase(Locale.ROOT)))) {
      return letters.toUpperCase(Locale.ROOT);
    }
    if (stored.stream().allMatch(v -> v.equals(v.toLowerCase(Locale.ROOT)))) {
      return letters.toLowerCase(Locale.ROOT);
    }
    return letters;
  }
}
