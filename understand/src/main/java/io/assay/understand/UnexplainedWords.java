package io.assay.understand;

import io.assay.understand.English.PartOfSpeech;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;

/**
 * Sorts the words neither the dataset's vocabulary nor the cue phrases explained, as ATHENA treats
 * words without candidates: they are not evidence, and they do not block on their own.
 *
 * <ul>
 *   <li>A misspelt dataset word ("districs") or a WordNet synonym of one becomes a mention of it;
 *       so does a verb whose noun of the act is a dataset word ("withdrew" → withdrawal).
 *   <li>A word that changes meaning (negation, "but", "only") is never dropped: the reader must
 *       understand it or say it could not.
 *   <li>A noun or adjective right next to a phrase the reader did recognise ("active loans", "loan
 *       validity") probably narrows it: dropping it could answer a different question, so it stays
 *       unexplained and the reader asks.
 *   <li>A noun of quantity, relation or attribute ("ratio", "gap", "size") or a verb of change
 *       ("grew", "changed") names an operation on the data: it stays unexplained unless a cue took
 *       it.
 *   <li>A word WordNet does not know at all, or knows as the name of one place or person
 *       ("London"), may be a name the data lacks: it stays unexplained.
 *   <li>Every other word (verbs of asking, politeness, discourse: "pull", "placed", "looks") is
 *       reported as not used.
 * </ul>
 */
final class UnexplainedWords {

  /** What became of the unexplained words of one question. */
  record Sorted(List<Mention> mentions, List<Token> notUsed, List<Token> unexplained) {}

  /** WordNet classes whose words name an operation on quantities, not a manner of asking. */
  private static final Set<String> OPERATIONS =
      Set.of("noun.quantity", "noun.relation", "noun.attribute", "verb.change");

  /**
   * Units of the calendar, which grain and period rules read ("odd weeks", "which month"); any
   * other word of time restricts the rows to a time the time reader did not take ("on weekends",
   * "in the evenings") and stays unexplained.
   */
  private static final Set<String> CALENDAR_UNITS =
      Set.of("day", "week", "month", "quarter", "year", "time", "period", "date", "hour", "minute");

  private final Lexicon lexicon;
  private final English english;

  UnexplainedWords(Lexicon lexicon, English english) {
    this.lexicon = lexicon;
    this.english = english;
  }

  /**
   * The tokens with each slip of the keyboard on an English word mended ("recieve" → receive), so
   * that cue phrases and WordNet read the word meant. A word of the dataset, a misspelt dataset
   * word (which {@link #sort} reads as that word) and a number stay as they are.
   */
  List<Token> respell(List<Token> tokens) {
    if (english == null) {
      return tokens;
    }
    List<Token> out = new ArrayList<>(tokens);
    for (Token t : tokens) {
      if (t.isNumber()
          || Words.MEANING.contains(t.norm())
          || Words.isCueWord(t.norm())
          || Words.STOP.contains(t.norm())
          || Words.FILLER.contains(t.norm())
          || lexicon.knows(t.stem())) {
        continue;
      }
      String meant = english.correction(t.norm());
      if (meant != null && lexicon.misspelt(t.norm(), t.stem()).isEmpty()) {
        out.set(
            t.index(), new Token(t.index(), meant, Stemmer.stem(meant), t.start(), t.end(), null));
      }
    }
    return out;
  }

  Sorted sort(String question, List<Token> tokens, List<Token> unknown, BitSet recognised) {
    List<Mention> mentions = new ArrayList<>();
    List<Token> notUsed = new ArrayList<>();
    List<Token> unexplained = new ArrayList<>();
    for (Token t : unknown) {
      if (Words.MEANING.contains(t.norm())
          || Words.QUANTITY_WORDS.contains(t.norm())
          || lexicon.shortCode(t.norm())) {
        unexplained.add(t);
        continue;
      }
      English.WordSense sense = english == null ? null : english.lookup(t.norm());
      if (sense != null && comparative(t.norm(), sense)) {
        // "longer than", "cheapest": a degree of comparison is a condition or a ranking
        unexplained.add(t);
        continue;
      }
      // only a word English does not know is taken for a slip of the keyboard
      boolean operation =
          sense != null
              && (sense.classes().stream().anyMatch(OPERATIONS::contains)
                  || sense.classes().contains("noun.time")
                      && sense.lemmas().stream().noneMatch(CALENDAR_UNITS::contains));
      List<Target> meant =
          sense == null || !sense.known()
              ? lexicon.misspelt(t.norm(), t.stem())
              : operation ? List.of() : synonymTargets(sense);
      if (meant.isEmpty() && !operation && sense != null && sense.dominant() == PartOfSpeech.VERB) {
        meant = eventTargets(sense);
      }
      if (!meant.isEmpty()) {
        mentions.add(new Mention(t.index(), t.index(), text(question, t), meant, true));
        recognised.set(t.index());
        continue;
      }
      if (sense == null || !sense.known() || sense.named() || capitalised(question, t)) {
        // a name the data lacks ("customers in London") must not be dropped: that would answer
        // for every place or person
        unexplained.add(t);
      } else if (operation
          || narrowsNeighbour(question, tokens, t, sense, recognised)
          || possessed(tokens, t, sense)
          || predicated(tokens, t, sense, recognised)) {
        unexplained.add(t);
      } else {
        notUsed.add(t);
      }
    }
    return new Sorted(mentions, notUsed, unexplained);
  }

  /**
   * Whether a word is written with a capital inside a sentence ("customers named Mark"): a name,
   * even when it is also an English word. The first word of a sentence and words written all in
   * capitals (a shouted or title-cased question) do not count.
   */
  private static boolean capitalised(String question, Token t) {
    String written = text(question, t);
    if (written.length() < 2
        || !Character.isUpperCase(written.charAt(0))
        || written.chars().allMatch(c -> !Character.isLetter(c) || Character.isUpperCase(c))) {
      return false;
    }
    String before = question.substring(0, t.start()).strip();
    return !before.isEmpty() && ".!?;:".indexOf(before.charAt(before.length() - 1)) < 0;
  }

  /**
   * Whether a word is an adjective or adverb in a degree of comparison: "longer" (long), "cheapest"
   * (cheap), "bigger" (big), the base form being another word WordNet knows.
   */
  static boolean comparative(String word, English.WordSense sense) {
    if (!(sense.can(PartOfSpeech.ADJECTIVE) || sense.can(PartOfSpeech.ADVERB))) {
      return false;
    }
    return (word.endsWith("er") || word.endsWith("est"))
        && sense.lemmas().stream()
            .anyMatch(
                l -> !l.equals(word) && word.startsWith(l.substring(0, Math.min(l.length(), 3))));
  }

  /** Targets of a one-word dataset phrase that is a synonym of a noun or adjective sense. */
  private List<Target> synonymTargets(English.WordSense sense) {
    if (sense.dominant() != PartOfSpeech.NOUN && sense.dominant() != PartOfSpeech.ADJECTIVE) {
      return List.of();
    }
    for (String synonym : sense.synonyms()) {
      // a stored value such as a surname ("Bloom") is not what a synonym of a common noun
      // ("blooper" ~ "bloomer") means; the words a dataset gives its codes are
      List<Target> targets =
          lexicon.singleWord(Stemmer.stem(synonym)).stream()
              .filter(t -> !(t instanceof Target.Value v) || v.byWord())
              .toList();
      if (!targets.isEmpty()) {
        return targets;
      }
    }
    return List.of();
  }

  /**
   * "clients who withdrew …", "how much each client spent": a verb names the event the dataset
   * records under its noun (withdrawal, spending), a table of events or a metric over them.
   */
  private List<Target> eventTargets(English.WordSense sense) {
    for (String noun : sense.events()) {
      if (sense.lemmas().contains(noun)) {
        continue; // "hold" → a hold: the same word again, which may stem like "holders"
      }
      List<Target> targets =
          lexicon.singleWord(Stemmer.stem(noun)).stream()
              .filter(t -> t instanceof Target.Table || t instanceof Target.Metric)
              .toList();
      if (!targets.isEmpty()) {
        return targets;
      }
    }
    return List.of();
  }

  private static boolean narrowsNeighbour(
      String question, List<Token> tokens, Token t, English.WordSense sense, BitSet recognised) {
    boolean describing =
        sense.dominant() == PartOfSpeech.NOUN || sense.dominant() == PartOfSpeech.ADJECTIVE;
    int i = t.index();
    // a participle right before a recognised noun ("expired cards", "closed accounts") describes
    // it,
    // unless a form of be or have makes it the verb of a passive or perfect clause ("accounts that
    // were charged penalty interest", "clients who have taken a loan")
    boolean premodifier =
        describing || (sense.can(PartOfSpeech.ADJECTIVE) && !afterAuxiliary(tokens, i));
    return (describing && i > 0 && recognised.get(i - 1) && !punctuated(question, tokens, i - 1, i))
        || (premodifier
            && i + 1 < tokens.size()
            && recognised.get(i + 1)
            && !tokens.get(i + 1).isNumber()
            && !punctuated(question, tokens, i, i + 1));
  }

  /** Words after which a noun is something the rows have ("films with commentaries"). */
  private static final Set<String> HAVING =
      Set.of("have", "has", "had", "having", "with", "without");

  /** Words that may stand between "have" and what is had ("have any commentaries"). */
  private static final Set<String> DETERMINERS =
      Set.of("a", "an", "the", "any", "some", "no", "their", "its", "his", "her");

  /**
   * "films that have commentaries", "accounts with overdrafts": a noun the rows are said to have
   * restricts them to those that have it. Dropping it would count every row, a wrong answer where
   * the reader should say it did not understand the word.
   */
  private static boolean possessed(List<Token> tokens, Token t, English.WordSense sense) {
    // after a have-word a word is its object, so any noun sense counts ("subtitles" is mostly a
    // verb in WordNet, yet "films that have subtitles" has the noun)
    if (!sense.can(PartOfSpeech.NOUN)) {
      return false;
    }
    int i = t.index() - 1;
    while (i >= 0 && DETERMINERS.contains(tokens.get(i).norm())) {
      i--;
    }
    return i >= 0 && HAVING.contains(tokens.get(i).norm());
  }

  /** Forms of be that make the adjective after them say what the subject is. */
  private static final Set<String> BE = Set.of("is", "are", "was", "were", "be", "been");

  /** Relative pronouns between a noun and the verb of its clause. */
  private static final Set<String> RELATIVES = Set.of("who", "that", "which");

  /**
   * "customers who are inactive", "how many loans are overdue": an adjective after a form of be
   * says which of the rows before it are meant, as much as the same adjective before the noun would
   * — whatever that subject is ("the customers of store 2 who are inactive": the number is not a
   * phrase the reader recognised, the customers are).
   */
  private static boolean predicated(
      List<Token> tokens, Token t, English.WordSense sense, BitSet recognised) {
    if (sense.dominant() != PartOfSpeech.ADJECTIVE) {
      return false;
    }
    int i = t.index() - 1;
    if (i < 1 || !BE.contains(tokens.get(i).norm())) {
      return false;
    }
    int subject = i - 1;
    if (RELATIVES.contains(tokens.get(subject).norm())) {
      subject--;
    }
    return subject >= 0 && (recognised.get(subject) || tokens.get(subject).isNumber());
  }

  /** Forms of be and have that make the participle after them a verb. */
  private static final Set<String> AUXILIARIES =
      Set.of("is", "are", "was", "were", "be", "been", "being", "has", "have", "had");

  private static boolean afterAuxiliary(List<Token> tokens, int i) {
    return i > 0 && AUXILIARIES.contains(tokens.get(i - 1).norm());
  }

  private static boolean punctuated(String question, List<Token> tokens, int a, int b) {
    return Token.punctuationBetween(question, tokens.get(a), tokens.get(b));
  }

  private static String text(String question, Token t) {
    return question.substring(t.start(), t.end());
  }
}
