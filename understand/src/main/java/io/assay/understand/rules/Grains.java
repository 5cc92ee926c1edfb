package io.assay.understand.rules;

import io.assay.pick.TimeGrain;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The time grain: "per month", "by quarter", and "monthly" before a measure. "monthly" names the
 * statement frequency 'POPLATEK MESICNE' in "monthly statement", but a grain in "monthly cash
 * withdrawal amount": a lone grain word before a measure is a grain. A grain word right after a
 * number that no forecast horizon took ("loans longer than 36 months") is that number's unit.
 */
final class Grains implements Rule {

  private static final Map<String, TimeGrain> GRAIN_WORDS =
      Map.of(
          "daily", TimeGrain.DAY,
          "weekly", TimeGrain.WEEK,
          "monthly", TimeGrain.MONTH,
          "quarterly", TimeGrain.QUARTER,
          "yearly", TimeGrain.YEAR,
          "annual", TimeGrain.YEAR);

  /**
   * The period nouns that may end a list of groupings ("by store and month") or be the periods a
   * question ranks ("which month had …").
   */
  private static final Map<String, TimeGrain> PERIOD_NOUNS =
      Map.of(
          "day", TimeGrain.DAY,
          "week", TimeGrain.WEEK,
          "month", TimeGrain.MONTH,
          "quarter", TimeGrain.QUARTER,
          "year", TimeGrain.YEAR);

  /** Whether a word names a grain as an adjective ("monthly"). */
  static boolean grainWord(String word) {
    return GRAIN_WORDS.containsKey(word);
  }

  /** The grain a period noun ("month") names, or null. */
  static TimeGrain periodNoun(String word) {
    return PERIOD_NOUNS.get(word);
  }

  /** Nouns for a series over time: "the monthly trend of …", "weekly figures for …". */
  private static final Set<String> SERIES_NOUNS =
      Set.of(
          "trend",
          "trends",
          "series",
          "evolution",
          "development",
          "pattern",
          "figures",
          "totals",
          "numbers",
          "breakdown",
          "history",
          "profile",
          "volume",
          "volumes");

  /** Whether a series noun follows the grain word at {@code token}. */
  private static boolean beforeASeriesNoun(Draft d, int token) {
    return token + 1 < d.scan.tokens.size()
        && SERIES_NOUNS.contains(d.scan.tokens.get(token + 1).norm());
  }

  /**
   * The last token of "of (the) week/month/quarter/year" after the grain word at {@code last}, or
   * -1 when the words are not that.
   */
  private static int cycleEnd(Draft d, int last) {
    int t = last + 1;
    if (t >= d.scan.tokens.size() || !d.scan.tokens.get(t).norm().equals("of")) {
      return -1;
    }
    t++;
    if (t < d.scan.tokens.size() && d.scan.tokens.get(t).norm().equals("the")) {
      t++;
    }
    return t < d.scan.tokens.size() && PERIOD_NOUNS.containsKey(d.scan.tokens.get(t).norm())
        ? t
        : -1;
  }

  /** The words that open a list of groupings. */
  private static final Set<String> LIST_OPENERS = Set.of("by", "per", "each");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      Item it = d.items.get(i);
      if (it.what() instanceof Cue c && c.kind() == Kind.GRAIN) {
        if (d.at(i - 1) instanceof Scan.Number n && !d.isUsed(n)) {
          d.use(c);
          continue; // "longer than 36 months": the unit of a quantity, not a bucket of time
        }
        int cycle = cycleEnd(d, c.last());
        if (cycle >= 0) {
          // "per day of the week", "by month of the year": a cycle over the periods, not the
          // periods themselves, which no grain here gives
          d.problem("'" + d.scan.words(c.first(), cycle) + "' is a cycle, not a period");
          d.use(c);
          continue;
        }
        set(d, c.grain(), c.text());
        d.use(c);
        continue;
      }
      if (it.what() instanceof Mention m
          && it.first() == it.last()
          && GRAIN_WORDS.containsKey(d.scan.tokens.get(it.first()).norm())) {
        Item next = d.item(i + 1);
        boolean beforeMeasure =
            next != null
                    && (next.what() instanceof Mention n
                            && (n.has(Target.Metric.class) || n.has(Target.Column.class))
                        || next.what() instanceof Cue nc
                            && EnumSet.of(Kind.COUNT, Kind.AVG, Kind.SUM).contains(nc.kind()))
                || beforeASeriesNoun(d, it.first());
        if (beforeMeasure) {
          set(d, GRAIN_WORDS.get(d.scan.tokens.get(it.first()).norm()), m.text());
          d.use(m);
        }
      }
    }
    if (d.grain == null) {
      endOfAGroupingList(d);
    }
  }

  /**
   * "revenue by store and month": a period noun no phrase took, joined by "and" (or a comma) to a
   * list of phrases that "by", "per" or "each" opens, is the grain. A period noun anywhere else
   * ("the month with the most rentals") is left alone.
   */
  private static void endOfAGroupingList(Draft d) {
    // a period noun the lexicon does not know ("quarter" in a dataset with no quarter column) is
    // as much a grain here as one it knows
    List<Token> candidates = new ArrayList<>(d.scan.notUsed);
    candidates.addAll(d.scan.unknown);
    for (Token t : candidates) {
      TimeGrain g = PERIOD_NOUNS.get(t.norm());
      if (g != null && opensWithBy(d, t.index() - 1)) {
        set(d, g, "and " + t.norm());
        d.explainedWords.add(t.index());
      }
    }
  }

  /** Whether the words before the joining word at {@code and} are a list opened by "by"/"per". */
  private static boolean opensWithBy(Draft d, int and) {
    if (and < 1 || !Set.of("and", ",").contains(d.scan.tokens.get(and).norm())) {
      return false;
    }
    int i = and - 1;
    boolean phrase = false;
    while (i >= 0) {
      Item covering = covering(d, i);
      String w = d.scan.tokens.get(i).norm();
      if (covering != null && covering.what() instanceof Mention) {
        phrase = true;
        i = covering.first() - 1;
      } else if (phrase && (w.equals("and") || w.equals(","))) {
        phrase = false;
        i--;
      } else {
        return phrase && LIST_OPENERS.contains(w);
      }
    }
    return false;
  }

  private static Item covering(Draft d, int token) {
    for (Item it : d.items) {
      if (it.first() <= token && token <= it.last()) {
        return it;
      }
    }
    return null;
  }

  private static void set(Draft d, TimeGrain g, String text) {
    if (d.grain != null && d.grain != g) {
      d.problem("two time grains are asked for ('" + text + "' and " + d.grain + ")");
    }
    d.grain = g;
    d.note("'" + text + "' → time grain " + g.name().toLowerCase());
  }
}
