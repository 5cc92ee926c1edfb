package io.assay.understand;

import io.assay.pick.ColumnRef;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A question cut into what the reader recognised, in order: lexicon mentions, time expressions,
 * numbers and cue phrases; plus the words nobody recognised. Nothing here decides what the question
 * asks; {@link io.assay.understand.rules.PickAssembler} does that.
 */
public final class Scan {

  /** A number of the question that is not part of a date or a phrase. */
  public record Number(int token, BigDecimal value, String text) {

    /** Whether the number can say how many rows ("the 3 oldest", "top 10"): whole and positive. */
    public boolean countsRows() {
      return value.scale() <= 0 && value.signum() > 0;
    }
  }

  /** A time expression and the tokens it covers. */
  public record Time(int first, int last, TimeExpression expression) {}

  public final String question;
  public final List<Token> tokens;
  public final List<Mention> mentions;
  public final List<Time> times;
  public final List<Cue> cues;
  public final List<Number> numbers;

  /** Content words explained by nothing, which the reader cannot leave aside. */
  public final List<Token> unknown;

  /** Words that link to nothing in the data and change no operator ("placed", "could"). */
  public final List<Token> notUsed;

  /**
   * Columns the question's hint names for a word ("A3 stands for region names"): of the columns a
   * value may belong to, the hinted one is meant.
   */
  public final Set<ColumnRef> hintedColumns;

  private Scan(
      String question,
      List<Token> tokens,
      List<Mention> mentions,
      List<Time> times,
      List<Cue> cues,
      List<Number> numbers,
      List<Token> unknown,
      List<Token> notUsed,
      Set<ColumnRef> hintedColumns) {
    this.question = question;
    this.tokens = tokens;
    this.mentions = mentions;
    this.times = times;
    this.cues = cues;
    this.numbers = numbers;
    this.unknown = unknown;
    this.notUsed = notUsed;
    this.hintedColumns = hintedColumns;
  }

  // "more than 2000" is an amount, not the year 2000.
  private static final Pattern COMPARATOR_BEFORE =
      Pattern.compile(
          "(?i)\\b(than|over|above|under|below|least|most|exceeding|exceeds|of|equals?|to|exactly)\\s*$");

  /** Words that say the number after them names a row ("account number 2000"). */
  private static final java.util.Set<String> KEY_WORDS =
      java.util.Set.of("number", "no", "nr", "id");

  /**
   * "account 2000", "client number 1996": a bare number right after a singular noun of a table's
   * rows (or a word for its key) names that row; it is not a year.
   */
  private static boolean afterRowNoun(List<Token> tokens, int start, Lexicon lexicon) {
    Token before = null;
    for (Token tok : tokens) {
      if (tok.end() <= start) {
        before = tok;
      }
    }
    if (before == null || before.isNumber()) {
      return false;
    }
    if (KEY_WORDS.contains(before.norm())) {
      return true;
    }
    return before.norm().equals(before.stem())
        && lexicon.singleWord(before.stem()).stream().anyMatch(x -> x instanceof Target.Table);
  }

  static Scan of(
      String question,
      Lexicon lexicon,
      List<Lexicon.Entry> hints,
      LocalDate latest,
      SemanticIndex semantic,
      UnexplainedWords unexplained) {
    List<Token> tokens =
        unexplained == null
            ? Tokenizer.tokenize(question)
            : unexplained.respell(Tokenizer.tokenize(question));
    List<Time> times = new ArrayList<>();
    BitSet blocked = new BitSet();
    for (TimeExpression t : TimeExpressionParser.parse(question, latest)) {
      boolean bareYear =
          t.relation() == TimeExpression.Relation.WITHIN
              && t.second() == null
              && t.first().grain() == io.assay.pick.TimeGrain.YEAR
              && t.text()
                  .matches("(?i)(?:(?:in|of|for|during)\\s+)?(?:the\\s+)?(?:year\\s+)?\\d{4}");
      if (bareYear
          && t.text().matches("\\d{4}")
          && (COMPARATOR_BEFORE.matcher(question.substring(0, t.start())).find()
              || afterRowNoun(tokens, t.start(), lexicon))) {
        continue;
      }
      int first = -1;
      int last = -1;
      for (Token tok : tokens) {
        if (tok.start() >= t.start() && tok.end() <= t.end()) {
          first = first < 0 ? tok.index() : first;
          last = tok.index();
          // A bare year may still belong to a phrase ("crimes in 1995"); dates and ranges not.
          if (!bareYear) {
            blocked.set(tok.index());
          }
        }
      }
      if (first >= 0) {
        times.add(new Time(first, last, t));
      }
    }
    blocked.or(Words.sortPhrases(tokens));
    if (tokens.size() > 2
        && tokens.get(0).norm().equals("state")
        && Words.DETERMINERS.contains(tokens.get(1).norm())) {
      // "State the email of …": opening a question before an article, the imperative
      blocked.set(0);
    }
    List<Mention> mentions =
        new ArrayList<>(
            rereadParts(
                question,
                tokens,
                CompoundNouns.read(
                    question,
                    tokens,
                    blocked,
                    hints,
                    lexicon.match(question, tokens, blocked, hints),
                    lexicon),
                lexicon));
    BitSet claimed = new BitSet();
    for (Mention m : mentions) {
      claimed.set(m.first(), m.last() + 1);
    }
    // A phrase that took a year ("number of crimes in 1995") consumed that time expression.
    times.removeIf(t -> claimed.get(t.first(), t.last() + 1).cardinality() > 0);
    for (Time t : times) {
      claimed.set(t.first(), t.last() + 1);
    }
    List<Cue> cues = new ArrayList<>(Words.cues(tokens, claimed));
    cues.replaceAll(c -> relativeAfterPhrase(c, question, tokens, mentions) ? asRelative(c) : c);
    for (Cue c : cues) {
      claimed.set(c.first(), c.last() + 1);
    }
    List<Number> numbers = new ArrayList<>();
    List<Token> unknown = new ArrayList<>();
    for (Token t : tokens) {
      if (claimed.get(t.index())) {
        continue;
      }
      // "more than one account": after a comparison "one" is the number
      boolean afterThan = t.index() > 0 && tokens.get(t.index() - 1).norm().equals("than");
      Integer word = t.norm().equals("one") && !afterThan ? null : Words.NUMBER_WORDS.get(t.norm());
      if (t.isNumber()) {
        numbers.add(new Number(t.index(), t.number(), t.norm()));
      } else if (word != null) {
        // "the three youngest clients": a number word is a number ("one" is mostly a pronoun)
        numbers.add(new Number(t.index(), BigDecimal.valueOf(word), t.norm()));
      } else if (!Words.STOP.contains(t.norm()) && !Words.FILLER.contains(t.norm())) {
        unknown.add(t);
      }
    }
    List<Token> notUsed = List.of();
    if (!unknown.isEmpty()) {
      BitSet mentioned = new BitSet();
      for (Mention m : mentions) {
        mentioned.set(m.first(), m.last() + 1);
      }
      UnexplainedWords.Sorted sorted = unexplained.sort(question, tokens, unknown, mentioned);
      mentions.addAll(sorted.mentions());
      mentions.sort(java.util.Comparator.comparingInt(Mention::first));
      unknown = new ArrayList<>(sorted.unexplained());
      notUsed = sorted.notUsed();
    }
    if (semantic != null && !unknown.isEmpty()) {
      List<Mention> fuzzy = semantic.resolve(question, tokens, unknown);
      for (Mention m : fuzzy) {
        mentions.add(m);
        unknown.removeIf(t -> t.index() >= m.first() && t.index() <= m.last());
      }
      mentions.sort(java.util.Comparator.comparingInt(Mention::first));
    }
    return new Scan(
        question,
        tokens,
        List.copyOf(mentions),
        List.copyOf(times),
        List.copyOf(cues),
        List.copyOf(numbers),
        List.copyOf(unknown),
        List.copyOf(notUsed),
        hints.stream()
            .map(Lexicon.Entry::target)
            .filter(t -> t instanceof Target.Column)
            .map(t -> ((Target.Column) t).column())
            .collect(Collectors.toUnmodifiableSet()));
  }

  /**
   * Phrases the lexicon matched whole that the question uses in parts: a count phrase after a list
   * word, a code's words ending on its rows' noun.
   */
  private static List<Mention> rereadParts(
      String question, List<Token> tokens, List<Mention> matched, Lexicon lexicon) {
    List<Mention> listed = ListedCountPhrase.split(question, tokens, matched, lexicon);
    return ValueThenRows.split(question, tokens, listed, lexicon);
  }

  /**
   * "clients who hold more than 2 accounts", "the district which has the most clients": right after
   * a phrase of the dataset, "who" or "which" opens a clause about what the phrase names; it asks
   * for a list only where a sentence or clause begins ("In 1996, which district …").
   */
  private static boolean relativeAfterPhrase(
      Cue c, String question, List<Token> tokens, List<Mention> mentions) {
    if (c.kind() != Cue.Kind.LIST || c.first() != c.last() || c.first() == 0) {
      return false;
    }
    String w = tokens.get(c.first()).norm();
    if (!w.equals("who") && !w.equals("which")) {
      return false;
    }
    Token before = tokens.get(c.first() - 1);
    String between = question.substring(before.end(), tokens.get(c.first()).start());
    return !PAUSE.matcher(between).find()
        && mentions.stream().anyMatch(m -> m.last() == before.index());
  }

  private static Cue asRelative(Cue c) {
    return Cue.of(Cue.Kind.RELATIVE, c.first(), c.last(), c.text());
  }

  private static final Pattern PAUSE = Pattern.compile("[,;:.!?]");

  public String words(int first, int last) {
    return question.substring(tokens.get(first).start(), tokens.get(last).end());
  }

  /** Whether punctuation stands between the tokens at {@code a} and {@code b}. */
  public boolean punctuatedBetween(int a, int b) {
    return Token.punctuationBetween(question, tokens.get(a), tokens.get(b));
  }
}
