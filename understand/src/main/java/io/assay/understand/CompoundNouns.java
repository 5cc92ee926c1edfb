package io.assay.understand;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * "customer payments", "district clients": a noun of rows right before the noun of other rows that
 * each belong to one of them (a foreign key that is never empty) only says whose they are, which
 * holds of every row; the second noun names the rows meant. The first is passed over like a
 * function word, so "how many customer payments" counts payments. Two nouns that do not stand in
 * that relation ("client accounts", "loan accounts") are left to be declined.
 */
public final class CompoundNouns {

  private CompoundNouns() {}

  static List<Mention> read(
      String question,
      List<Token> tokens,
      BitSet blocked,
      List<Lexicon.Entry> hints,
      List<Mention> matched,
      Lexicon lexicon) {
    BitSet modifiers = new BitSet();
    for (Mention first : matched) {
      for (Mention second : matched) {
        if (second.first() == first.last() + 1 && qualifies(first, second, tokens, lexicon)) {
          modifiers.set(first.last());
        }
      }
    }
    if (modifiers.isEmpty()) {
      return matched;
    }
    List<Mention> again =
        new ArrayList<>(lexicon.match(question, tokens, blocked, hints, modifiers));
    // a modifier no phrase reached across opens the phrase of its rows' noun
    for (int w = modifiers.nextSetBit(0); w >= 0; w = modifiers.nextSetBit(w + 1)) {
      int word = w;
      boolean covered = again.stream().anyMatch(m -> m.first() <= word && word <= m.last());
      for (int i = 0; i < again.size() && !covered; i++) {
        Mention m = again.get(i);
        if (m.first() == word + 1) {
          String text = question.substring(tokens.get(word).start(), tokens.get(m.last()).end());
          again.set(i, new Mention(word, m.last(), text, m.targets(), m.fuzzy()));
          covered = true;
        }
      }
    }
    return again;
  }

  /**
   * Whether two words read as a noun qualifying the next: the first written in the singular, the
   * second mostly a noun ("actors appear in …" is a subject and its verb).
   */
  public static boolean sideBySide(Token modifier, Token head) {
    English.WordSense sense = English.shared().lookup(modifier.norm());
    boolean singular =
        sense.known() ? sense.lemmas().contains(modifier.norm()) : !modifier.norm().endsWith("s");
    return singular && English.shared().lookup(head.norm()).dominant() != English.PartOfSpeech.VERB;
  }

  private static boolean qualifies(
      Mention first, Mention second, List<Token> tokens, Lexicon lexicon) {
    if (first.has(Target.Value.class) || second.has(Target.Value.class)) {
      return false;
    }
    Token modifier = tokens.get(first.last());
    if (!sideBySide(modifier, tokens.get(second.first()))) {
      return false;
    }
    String stem = modifier.stem();
    List<String> rows = second.all(Target.Table.class).stream().map(Target.Table::table).toList();
    return first.targets().stream()
        .map(Target::table)
        .distinct()
        .anyMatch(
            owner ->
                owner != null
                    && lexicon.namesTable(stem, owner)
                    && rows.stream()
                        .anyMatch(t -> !t.equals(owner) && lexicon.belongsToOne(t, owner)));
  }
}
