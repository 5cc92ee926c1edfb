package io.assay.understand;

import java.util.ArrayList;
import java.util.List;

/**
 * "list PG films", "inactive customers": a code's declared words that end on the noun of its own
 * rows are read as the code and the rows, so the rows stay there to be listed, counted or grouped.
 * Left whole unless the words before the noun name the same value alone.
 */
final class ValueThenRows {

  private ValueThenRows() {}

  static List<Mention> split(
      String question, List<Token> tokens, List<Mention> mentions, Lexicon lexicon) {
    List<Mention> out = new ArrayList<>();
    for (Mention m : mentions) {
      // "gold card holders": the noun modifies the next one, which names the rows meant
      boolean modifier =
          mentions.stream().anyMatch(n -> n.first() == m.last() + 1 && n.has(Target.Table.class));
      out.addAll(modifier ? List.of(m) : reread(m, question, tokens, lexicon));
    }
    return out;
  }

  private static List<Mention> reread(
      Mention m, String question, List<Token> tokens, Lexicon lexicon) {
    if (m.first() == m.last()
        || m.targets().size() != 1
        || !(m.targets().get(0) instanceof Target.Value v)
        || !v.byWord()) {
      return List.of(m);
    }
    List<Mention> noun = lexicon.matchAlone(m.last(), m.last(), question, tokens);
    List<Mention> value = lexicon.matchAlone(m.first(), m.last() - 1, question, tokens);
    boolean rows =
        noun.size() == 1
            && noun.get(0).all(Target.Table.class).stream()
                .anyMatch(t -> t.table().equals(v.table()));
    boolean same =
        value.size() == 1
            && value.get(0).first() == m.first()
            && value.get(0).last() == m.last() - 1
            && value.get(0).targets().size() == 1
            && value.get(0).targets().get(0) instanceof Target.Value w
            && w.column().equals(v.column())
            && w.value().equals(v.value());
    if (!rows || !same) {
      return List.of(m);
    }
    return List.of(value.get(0), noun.get(0));
  }
}
