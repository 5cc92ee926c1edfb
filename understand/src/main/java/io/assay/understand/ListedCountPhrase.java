package io.assay.understand;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * "Which subscribers have streamed songs of the jazz genre?": right after a word asking for a list,
 * a phrase the dataset defines as a count of rows ("subscribers who streamed") names those rows,
 * not their number, unless the question counts ("how many", "the number of"). The phrase is read
 * again in two parts, its first word and the rest, so its rows' noun is what is listed and its verb
 * a condition on them. Left whole unless both parts name rows.
 */
final class ListedCountPhrase {

  private static final Set<String> LIST_WORDS =
      Set.of("which", "list", "show", "display", "name", "identify", "find");

  /** Words that may stand between the list word and the phrase ("show me all …"). */
  private static final Set<String> BEFORE_NOUN = Set.of("the", "all", "me");

  private static final Set<String> COUNT_WORDS = Set.of("many", "number", "count", "numbers");

  private ListedCountPhrase() {}

  static List<Mention> split(
      String question, List<Token> tokens, List<Mention> mentions, Lexicon lexicon) {
    if (tokens.stream().anyMatch(t -> COUNT_WORDS.contains(t.norm()))) {
      return mentions;
    }
    List<Mention> out = new ArrayList<>();
    for (Mention m : mentions) {
      out.addAll(listed(m, tokens, lexicon) ? reread(m, question, tokens, lexicon) : List.of(m));
    }
    return out;
  }

  private static boolean listed(Mention m, List<Token> tokens, Lexicon lexicon) {
    if (m.first() == m.last()
        || m.targets().isEmpty()
        || !m.targets().stream()
            .allMatch(t -> t instanceof Target.Metric x && lexicon.countsRows(x.name()))) {
      return false;
    }
    int before = m.first() - 1;
    while (before >= 0 && BEFORE_NOUN.contains(tokens.get(before).norm())) {
      before--;
    }
    return before >= 0 && LIST_WORDS.contains(tokens.get(before).norm());
  }

  /** The phrase's first word and the rest matched apart, when the first names rows. */
  private static List<Mention> reread(
      Mention m, String question, List<Token> tokens, Lexicon lexicon) {
    List<Mention> noun = lexicon.matchAlone(m.first(), m.first(), question, tokens);
    if (noun.size() != 1 || !noun.get(0).has(Target.Table.class)) {
      return List.of(m);
    }
    List<Mention> rest = lexicon.matchAlone(m.first() + 1, m.last(), question, tokens);
    if (rest.stream().noneMatch(r -> r.has(Target.Table.class))) {
      return List.of(m); // "subscribers paid": the verb names no rows of its own
    }
    List<Mention> parts = new ArrayList<>(noun);
    parts.addAll(rest);
    return parts;
  }
}
