package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.List;
import java.util.Set;

/**
 * "the partner's bank being AB", "rating = PG": a short code (too short for the lexicon to match on
 * its own, as it would meet ordinary words) written exactly as stored, right after the phrase
 * naming its column, is a filter on that column.
 */
final class WrittenCodes implements Rule {

  /** Words that may stand between a column and the code it is said to hold. */
  private static final Set<String> LINKS =
      Set.of("being", "is", "was", "are", "were", "of", "equals", "equal", "to", "code", "the");

  @Override
  public void apply(Draft d) {
    for (Mention m : d.scan.mentions) {
      List<ColumnRef> columns =
          m.has(Target.Table.class) || m.has(Target.Value.class)
              ? List.of()
              : m.all(Target.Column.class).stream().map(Target.Column::column).toList();
      if (columns.isEmpty()) {
        continue;
      }
      Token code = codeAfter(d, m);
      if (code == null) {
        continue;
      }
      String written = d.scan.words(code.index(), code.index());
      List<ColumnRef> holding =
          columns.stream().filter(c -> d.recon.values().values(c).contains(written)).toList();
      if (holding.size() != 1) {
        continue;
      }
      ColumnRef column = holding.get(0);
      d.addFilter(new Filter.Compare(column, Comparison.EQ, Value.text(written)), m.first(), null);
      d.use(m);
      d.explainedWords.add(code.index());
      d.note(
          "'" + d.scan.words(m.first(), code.index()) + "' → " + column + " = '" + written + "'");
    }
  }

  /** The first word after the phrase past linking words, when no rule has read it, else null. */
  private static Token codeAfter(Draft d, Mention m) {
    for (int t = m.last() + 1; t < d.scan.tokens.size() && t <= m.last() + 3; t++) {
      Token tok = d.scan.tokens.get(t);
      int index = t;
      boolean free =
          d.scan.unknown.stream().anyMatch(u -> u.index() == index)
              || d.scan.notUsed.stream().anyMatch(u -> u.index() == index);
      if (free) {
        return tok;
      }
      if (!LINKS.contains(tok.norm())) {
        return null;
      }
    }
    return null;
  }
}
