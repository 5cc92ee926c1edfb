package io.assay.understand;

import io.assay.pick.Comparison;
import io.assay.pick.TimeGrain;

/**
 * A function phrase of a question that shapes the answer rather than naming data: "how many",
 * "average", "second-highest", "greater than", "per", "monthly", "drill down".
 *
 * @param first index of the first token
 * @param last index of the last token
 */
public record Cue(
    Kind kind,
    int first,
    int last,
    String text,
    Comparison comparison,
    int number,
    TimeGrain grain,
    AnalysisCue analysis) {

  public enum Kind {
    /** "how many", "number of", "count". */
    COUNT,
    AVG,
    SUM,
    /** "highest", "most", "top"; {@code number} holds "top N" when given. */
    MAX,
    /** "lowest", "least", "bottom". */
    MIN,
    /** "first", "second", "3rd"; {@code number} holds the rank. */
    ORDINAL,
    /** "percentage", "percent", "share", "proportion". */
    PERCENT,
    /** "growth rate", "increase rate", "growth". */
    GROWTH,
    /** "list", "show", "name", "provide", "which", "who". */
    LIST,
    /** "per", "by", "for each": what follows is a grouping. */
    GROUP,
    /** "not", "except", "excluding". */
    NEGATE,
    /** "greater than", "at least", "below"; {@code comparison} holds the operator. */
    COMPARE,
    /** "that", "which", "who", "whose", "where": a relative clause starts. */
    RELATIVE,
    /** "is", "are", "was", "were". */
    COPULA,
    /** "monthly", "per month", "by quarter"; {@code grain} holds the grain. */
    GRAIN,
    /** "unusual", "drill down", "forecast", …; {@code analysis} says which. */
    ANALYSIS,
    /** "the average" standing alone after a comparison: the average of the compared column. */
    AGGREGATE_REF,
    /**
     * "times more", "times as many": one quantity as a multiple of another. No rule reads it yet,
     * so a question holding it is not answered rather than answered as a plain count.
     */
    MULTIPLE,
    /** "ratio of", "ratio": one quantity over another, the two named by values of one column. */
    RATIO,
    /** "different", "distinct", "unique": each thing counted or listed once. */
    DISTINCT,
    /** "latest", "most recent", "earliest": rows ranked by their own date. */
    RECENT,
    /** "in descending order", "largest first": the answer's groups, largest measure first. */
    SORT_DESC,
    /** "in ascending order", "smallest first": the answer's groups, smallest measure first. */
    SORT_ASC
  }

  static Cue of(Kind kind, int first, int last, String text) {
    return new Cue(kind, first, last, text, null, 0, null, null);
  }

  boolean covers(int token) {
    return token >= first && token <= last;
  }
}
