package io.assay.understand;

import io.assay.pick.Comparison;
import io.assay.pick.TimeGrain;
import io.assay.understand.Cue.Kind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The English of questions that is not about any dataset: function words that can be skipped, and
 * cue phrases ("how many", "second-highest", "at least", "drill down") that shape the answer.
 * Dataset vocabulary lives in recon's YAML and in the dataset's {@code reader.yaml}.
 */
public final class Words {

  private Words() {}

  /**
   * Words that change what a question means (negation, exception, restriction): never reported as
   * not used; the reader understands them through a cue or says it could not.
   */
  static final Set<String> MEANING =
      words(
          "no",
          "nor",
          "neither",
          "none",
          "never",
          "nothing",
          "nobody",
          "but",
          "unless",
          "dont",
          "doesnt",
          "didnt",
          "havent",
          "hasnt",
          "hadnt",
          "isnt",
          "arent",
          "wasnt",
          "werent",
          "wont",
          "cant",
          "cannot",
          "except",
          "not",
          "without",
          "excluding",
          "besides",
          "instead",
          "rather",
          "otherwise");

  /**
   * Words that contrast rows with others ("an account in a different district"): a dataset phrase
   * never reaches over one, which would read "account … district" and drop the contrast.
   */
  static final Set<String> CONTRAST = words("different", "another", "other", "same", "else");

  /**
   * Words that split a phrase into a measure and its groups ("books in each genre" is books grouped
   * by genre, not a book-genre link): no dataset phrase may skip over them.
   */
  static final Set<String> GROUPING = words("each", "every", "per", "than", "versus", "vs");

  /** Superlatives of quantity: "the most loans" ranks by how many, not by a column's value. */
  public static final Set<String> QUANTITY_SUPERLATIVES =
      words("most", "the most", "fewest", "the fewest", "least", "the least", "more", "fewer");

  /**
   * "which store has more customers": a comparative with no "than" after it, in a question asking
   * which rows, picks the rows with the most (or fewest) of all those compared.
   */
  private static final Map<String, Kind> COMPARATIVES =
      Map.of("more", Kind.MAX, "fewer", Kind.MIN, "less", Kind.MIN);

  private static boolean asksWhichWithoutThan(List<Token> tokens, int at) {
    boolean which = false;
    for (int k = 0; k < tokens.size(); k++) {
      String w = tokens.get(k).norm();
      which |= k < at && w.equals("which");
      if (k > at && w.equals("than")) {
        return false;
      }
    }
    return which;
  }

  /** Words that rank ("largest", "top"): a dataset phrase never skips one of them. */
  static final Set<String> RANKING =
      words(
          "highest",
          "maximum",
          "max",
          "largest",
          "biggest",
          "greatest",
          "most",
          "top",
          "lowest",
          "minimum",
          "min",
          "smallest",
          "least",
          "fewest",
          "bottom",
          "longest",
          "shortest");

  /**
   * Superlatives that measure one dimension ("the longest song"): they rank by the column their
   * adjective's attribute names, never by the rows' amount.
   */
  public static final Set<String> MEASURED_SUPERLATIVES = words("longest", "shortest");

  /** Words of recency ("the latest loan"): they rank rows by date, so no phrase skips them. */
  static final Set<String> RECENCY = words("latest", "recent", "newest", "last", "earliest");

  /** Whether a phrase of the question names a count of rows ("number of loans", "count of …"). */
  public static boolean namesACount(String phrase) {
    String p = phrase.toLowerCase(java.util.Locale.ROOT).strip();
    return p.startsWith("number of ") || p.startsWith("count of ");
  }

  /**
   * Number words and counts of occasions: "two hours", "a dozen", "more than 15 times" state a
   * quantity the reader must tie to a column or refuse to guess at.
   */
  static final Set<String> QUANTITY_WORDS =
      words(
          "zero",
          "two",
          "three",
          "four",
          "five",
          "six",
          "seven",
          "eight",
          "nine",
          "ten",
          "eleven",
          "twelve",
          "twenty",
          "thirty",
          "forty",
          "fifty",
          "hundred",
          "hundreds",
          "thousand",
          "thousands",
          "million",
          "millions",
          "dozen",
          "dozens",
          "half",
          "twice",
          "times",
          "double",
          "triple");

  static final Set<String> STOP =
      words(
          "a", "an", "the", "of", "in", "on", "at", "for", "to", "by", "with", "from", "and", "or",
          "is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "has", "have",
          "had", "their", "his", "her", "its", "this", "that", "these", "those", "which", "who",
          "whom", "whose", "there", "it", "she", "he", "they", "them", "as", "so", "into", "our",
          "my", "your", "any", "all", "some", "whether", "if", "out", "up");

  /**
   * Words that carry no data meaning in a question; a question whose other words are all explained
   * by the lexicon, time expressions, numbers and cues is understood. Anything else is an unknown
   * word, and an unknown word means the reader abstains rather than guess.
   */
  static final Set<String> FILLER =
      words(
          "what",
          "whats",
          "thats",
          "whos",
          "theres",
          "when",
          "how",
          "please",
          "me",
          "us",
          "we",
          "i",
          "you",
          "also",
          "only",
          "just",
          "than",
          "such",
          "among",
          "amongst",
          "across",
          "respective",
          "respectively",
          "same",
          "still",
          "ever",
          "currently",
          "there",
          "here",
          "then",
          "both",
          "either",
          "each",
          "every",
          "one",
          "ones",
          "whole",
          "overall",
          "live",
          "lives",
          "living",
          "lived",
          "stay",
          "stays",
          "stayed",
          "staying",
          "reside",
          "resides",
          "resided",
          "residing",
          "located",
          "locate",
          "choose",
          "chooses",
          "chose",
          "chosen",
          "occur",
          "occurs",
          "occurred",
          "happen",
          "happened",
          "belong",
          "belongs",
          "belonged",
          "make",
          "made",
          "get",
          "got",
          "check",
          "look",
          "analyse",
          "analyze",
          "investigate",
          "tell",
          "see",
          "know",
          "calculate",
          "compute",
          "determine",
          "find",
          "return",
          "anything",
          "something",
          "everything",
          "can",
          "could",
          "would",
          "should",
          "will",
          "me",
          "value",
          "values",
          "figure",
          "figures",
          "data",
          "result",
          "results",
          "kindly",
          "want",
          "like",
          "need",
          "whereas",
          "while",
          "him",
          "hers",
          "theirs",
          "own",
          "owned",
          "recorded",
          "registered",
          "happening",
          "going",
          "clear",
          "give",
          "given",
          "rows",
          "records");

  private static Set<String> words(String... words) {
    return Set.copyOf(java.util.Arrays.asList(words));
  }

  private record Phrase(
      List<String> words,
      Kind kind,
      Comparison comparison,
      int number,
      TimeGrain grain,
      AnalysisCue analysis) {

    /** Whether the question's words from {@code i} on spell this phrase. */
    boolean spelledAt(List<Token> tokens, int i) {
      if (i + words.size() > tokens.size()) {
        return false;
      }
      for (int k = 0; k < words.size(); k++) {
        if (!tokens.get(i + k).norm().equals(words.get(k))) {
          return false;
        }
      }
      return true;
    }
  }

  private static final List<Phrase> PHRASES = new ArrayList<>();

  private static void add(Kind kind, String... phrases) {
    for (String p : phrases) {
      PHRASES.add(new Phrase(List.of(p.split(" ")), kind, null, 0, null, null));
    }
  }

  private static void compare(Comparison op, String... phrases) {
    for (String p : phrases) {
      PHRASES.add(new Phrase(List.of(p.split(" ")), Kind.COMPARE, op, 0, null, null));
    }
  }

  private static void grain(TimeGrain g, String... phrases) {
    for (String p : phrases) {
      PHRASES.add(new Phrase(List.of(p.split(" ")), Kind.GRAIN, null, 0, g, null));
    }
  }

  private static void analysis(AnalysisCue a, String... phrases) {
    for (String p : phrases) {
      PHRASES.add(new Phrase(List.of(p.split(" ")), Kind.ANALYSIS, null, 0, null, a));
    }
  }

  static final Map<String, Integer> NUMBER_WORDS =
      Map.ofEntries(
          Map.entry("one", 1),
          Map.entry("two", 2),
          Map.entry("three", 3),
          Map.entry("four", 4),
          Map.entry("five", 5),
          Map.entry("six", 6),
          Map.entry("seven", 7),
          Map.entry("eight", 8),
          Map.entry("nine", 9),
          Map.entry("ten", 10),
          Map.entry("eleven", 11),
          Map.entry("twelve", 12),
          Map.entry("fifteen", 15),
          Map.entry("twenty", 20),
          Map.entry("fifty", 50),
          Map.entry("hundred", 100));

  static final Map<String, Integer> ORDINALS =
      Map.ofEntries(
          Map.entry("first", 1),
          Map.entry("second", 2),
          Map.entry("third", 3),
          Map.entry("fourth", 4),
          Map.entry("fifth", 5),
          Map.entry("sixth", 6),
          Map.entry("seventh", 7),
          Map.entry("eighth", 8),
          Map.entry("ninth", 9),
          Map.entry("tenth", 10),
          Map.entry("1st", 1),
          Map.entry("2nd", 2),
          Map.entry("3rd", 3),
          Map.entry("4th", 4),
          Map.entry("5th", 5));

  static {
    add(
        Kind.MULTIPLE,
        "times more",
        "times less",
        "times fewer",
        "times as many",
        "times as much",
        "times higher",
        "times larger",
        "times bigger",
        "times greater",
        "times lower",
        "times smaller");
    add(Kind.RATIO, "ratio of", "ratio between", "ratio");
    add(Kind.DISTINCT, "different", "distinct", "unique");
    add(
        Kind.RECENT,
        "latest",
        "most recent",
        "the most recent",
        "newest",
        "last",
        "most recently",
        "the most recently",
        "earliest");
    add(Kind.COUNT, "how many", "number of", "count of", "count");
    add(Kind.AVG, "average", "mean", "avg", "on average");
    // "how much interest" asks for an amount, not for a number of rows
    add(Kind.SUM, "total", "sum of", "sum", "in total", "altogether", "how much");
    add(
        Kind.MAX,
        "highest",
        "maximum",
        "max",
        "largest",
        "biggest",
        "greatest",
        "most",
        "the most",
        "top",
        "the highest",
        "longest");
    add(
        Kind.MIN,
        "lowest",
        "minimum",
        "min",
        "smallest",
        "least",
        "fewest",
        "bottom",
        "the lowest",
        "the least",
        "shortest");
    add(
        Kind.PERCENT,
        "percentage",
        "percent",
        "proportion",
        "share",
        "percentage of",
        "share of",
        "proportion of");
    add(
        Kind.GROWTH,
        "growth rate",
        "growth",
        "increase rate",
        "rate of increase",
        "increase",
        "rate of growth",
        "increment",
        "growth rate of",
        "change rate",
        "percent change",
        "percentage change",
        "change",
        "changed",
        "grow",
        "grew",
        "grown",
        "rise",
        "rose",
        "risen");
    add(
        Kind.LIST,
        "list",
        "list out",
        "show",
        "show me",
        "name",
        "provide",
        "display",
        "which",
        "who",
        "identify",
        "give me",
        "give",
        "tell me",
        "what is",
        "what are",
        "what was",
        "what were",
        "who are",
        "who is",
        // "when was the client born": the answer is a date the question names
        "when was",
        "when were",
        "when is",
        "when are",
        "when did");
    add(
        Kind.GROUP,
        "per",
        "for each",
        "for every",
        "by",
        "broken down by",
        "grouped by",
        "split by",
        "split out by",
        "broken out by",
        "break down by",
        "breakdown by",
        "each",
        "every");
    add(
        Kind.NEGATE,
        "not",
        "except",
        "excluding",
        "other than",
        "non",
        "apart from",
        "without",
        "dont",
        "doesnt",
        "didnt",
        "havent",
        "hasnt",
        "never",
        // "accounts that have no loan": what the rows have none of
        "have no",
        "has no",
        "had no",
        "with no");
    add(Kind.RELATIVE, "that", "which", "who", "whose", "where", "whom");
    add(Kind.COPULA, "is", "are", "was", "were");
    compare(
        Comparison.GT,
        "greater than",
        "more than",
        "over",
        "above",
        "exceeding",
        "exceeds",
        "exceed",
        "higher than",
        "longer than",
        "larger than",
        "bigger than",
        "in excess of",
        "of over");
    compare(Comparison.GE, "at least", "no less than", "not less than", "or more", "minimum of");
    compare(
        Comparison.LT,
        "less than",
        "lower than",
        "shorter than",
        "below",
        "under",
        "fewer than",
        "smaller than",
        "beneath");
    compare(
        Comparison.LE,
        "at most",
        "no more than",
        "not more than",
        "or less",
        "maximum of",
        "up to");
    compare(Comparison.EQ, "equal to", "equals", "exactly", "equal");
    grain(TimeGrain.DAY, "daily", "per day", "by day", "each day", "day by day", "every day");
    grain(
        TimeGrain.WEEK, "weekly", "per week", "by week", "each week", "week by week", "every week");
    grain(
        TimeGrain.MONTH,
        "monthly",
        "per month",
        "by month",
        "each month",
        "month by month",
        "every month",
        "month over month",
        "months");
    grain(
        TimeGrain.QUARTER,
        "quarterly",
        "per quarter",
        "by quarter",
        "each quarter",
        "quarter by quarter",
        "every quarter");
    grain(
        TimeGrain.YEAR,
        "yearly",
        "annual",
        "annually",
        "per year",
        "by year",
        "each year",
        "year by year",
        "every year",
        "year over year");
    add(
        Kind.SORT_DESC,
        "in descending order",
        "descending order",
        "descending",
        "in decreasing order",
        "decreasing order",
        "largest first",
        "highest first",
        "biggest first",
        "most first",
        "from highest to lowest",
        "from largest to smallest",
        "from biggest to smallest",
        "from most to least",
        "highest to lowest",
        "largest to smallest",
        "most to least",
        "high to low");
    add(
        Kind.SORT_ASC,
        "in ascending order",
        "ascending order",
        "ascending",
        "in increasing order",
        "increasing order",
        "smallest first",
        "lowest first",
        "least first",
        "fewest first",
        "from lowest to highest",
        "from smallest to largest",
        "from least to most",
        "lowest to highest",
        "smallest to largest",
        "least to most",
        "low to high");
    // The analyses' own cue words, after every other phrase, in the order they declare them.
    for (AnalysisCue c : AnalysisCue.values()) {
      analysis(c, c.phrases().toArray(String[]::new));
    }
    // Longest first, so "how many" wins over "many" and "drill down" over "drill".
    PHRASES.sort(Comparator.comparingInt((Phrase p) -> -p.words.size()));
  }

  private static final Set<String> CUE_WORDS = new java.util.HashSet<>();

  static {
    PHRASES.forEach(p -> CUE_WORDS.addAll(p.words));
  }

  /** Articles and the like that open a noun phrase. */
  static final Set<String> DETERMINERS = words("the", "a", "an", "all", "their", "its", "each");

  /** Words before a sort phrase that only say the answer is sorted ("ordered", "sorted"). */
  public static final Set<String> SORTED = words("sorted", "ordered", "ranked", "arranged");

  /**
   * The tokens of phrases that say how to sort ("in descending order"): no dataset phrase may take
   * their words ("order" may name a table).
   */
  static BitSet sortPhrases(List<Token> tokens) {
    BitSet out = new BitSet();
    for (int i = 0; i < tokens.size(); i++) {
      for (Phrase p : PHRASES) {
        if (p.kind != Kind.SORT_DESC && p.kind != Kind.SORT_ASC) {
          continue;
        }
        int n = p.words.size();
        if (p.spelledAt(tokens, i)) {
          // "ordered from most to least": the word saying the answer is sorted goes with it
          boolean sorted = i > 0 && SORTED.contains(tokens.get(i - 1).norm());
          out.set(sorted ? i - 1 : i, i + n);
          i += n - 1;
          break;
        }
      }
    }
    return out;
  }

  /** Whether a word is part of some cue phrase ("dont", "drill"): never respelt. */
  static boolean isCueWord(String word) {
    return CUE_WORDS.contains(word) || ORDINALS.containsKey(word) || NUMBER_WORDS.containsKey(word);
  }

  /**
   * The cue phrases among tokens not already claimed (by lexicon matches or time expressions),
   * longest first, not overlapping. Ordinals, "top N" and number words are cues too.
   */
  /** Whether the question compares ("compare", "compared", "comparison"). */
  private static boolean compares(List<Token> tokens) {
    return tokens.stream().anyMatch(t -> t.norm().startsWith("compar"));
  }

  /** Whether "and" (or "&") follows "between" at {@code i} within a few words. */
  private static boolean joinsTwo(List<Token> tokens, int i) {
    for (int k = i + 1; k < Math.min(tokens.size(), i + 7); k++) {
      String w = tokens.get(k).norm();
      if (w.equals("and") || w.equals("&")) {
        return true;
      }
    }
    return false;
  }

  public static List<Cue> cues(List<Token> tokens, BitSet claimed) {
    List<Cue> out = new ArrayList<>();
    BitSet used = (BitSet) claimed.clone();
    for (int i = 0; i < tokens.size(); i++) {
      if (used.get(i)) {
        continue;
      }
      String w = tokens.get(i).norm();
      Integer ordinal = ORDINALS.get(w);
      if (ordinal != null) {
        out.add(new Cue(Kind.ORDINAL, i, i, w, null, ordinal, null, null));
        used.set(i);
        continue;
      }
      if (i == 0 && w.equals("state") && tokens.size() > 1) {
        // "State the accounts opened in 1994": opening a question, the imperative asks for a list;
        // elsewhere "state" may be a noun, and a dataset naming it claimed the word already
        out.add(Cue.of(Kind.LIST, i, i, w));
        used.set(i);
        continue;
      }
      if ((w.equals("between") && !joinsTwo(tokens, i) || w.equals("across")) && compares(tokens)) {
        // "compare revenue between the stores", "how do rentals compare across stores": the
        // members of one plural compared, one figure each. "Between owners and disponents" names
        // its two sides, and without a comparing word "across all accounts" is a total over them
        out.add(Cue.of(Kind.GROUP, i, i, w));
        used.set(i);
        continue;
      }
      if (COMPARATIVES.containsKey(w) && asksWhichWithoutThan(tokens, i)) {
        out.add(Cue.of(COMPARATIVES.get(w), i, i, w));
        used.set(i);
        continue;
      }
      if ((w.equals("top") || w.equals("bottom")) && i + 1 < tokens.size() && !used.get(i + 1)) {
        Token next = tokens.get(i + 1);
        Integer n =
            next.isNumber()
                ? Integer.valueOf(next.number().intValue())
                : NUMBER_WORDS.get(next.norm());
        if (n != null && n > 0) {
          Kind k = w.equals("top") ? Kind.MAX : Kind.MIN;
          out.add(new Cue(k, i, i + 1, w + " " + next.norm(), null, n, null, null));
          used.set(i, i + 2);
          continue;
        }
      }
      for (Phrase p : PHRASES) {
        int n = p.words.size();
        if (i + n > tokens.size() || used.get(i, i + n).cardinality() > 0) {
          continue;
        }
        if (p.spelledAt(tokens, i)) {
          StringBuilder text = new StringBuilder();
          for (int k = 0; k < n; k++) {
            text.append(k == 0 ? "" : " ").append(tokens.get(i + k).norm());
          }
          out.add(
              new Cue(
                  p.kind,
                  i,
                  i + n - 1,
                  text.toString(),
                  p.comparison,
                  p.number,
                  p.grain,
                  p.analysis));
          used.set(i, i + n);
          break;
        }
      }
    }
    out.sort(Comparator.comparingInt(Cue::first));
    return out;
  }
}
