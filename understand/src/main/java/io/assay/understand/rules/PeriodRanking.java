package io.assay.understand.rules;

import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.understand.Token;
import java.util.Set;

/**
 * "which month of 1997 had the most card withdrawals", "what day had the highest revenue": the
 * periods at the grain the question opens with, ranked by the measure the superlative names, the
 * first kept (or the top N).
 */
final class PeriodRanking {

  private PeriodRanking() {}

  private static final Set<String> WHICH = Set.of("which", "what");

  /** True when the question ranks periods and the draft now measures them. */
  static boolean apply(Draft d) {
    if (d.grain != null || d.rankings.size() != 1 || d.rankings.get(0).measure() == null) {
      return false;
    }
    Token period = periodAsked(d);
    if (period == null) {
      return false;
    }
    Ranking r = d.rankings.get(0);
    Measure m = r.measure();
    d.rankings.clear();
    d.grain = Grains.periodNoun(period.norm());
    d.explainedWords.add(period.index());
    d.measure = m;
    d.metricName = m instanceof Measure.Metric mm ? mm.metric() : null;
    d.rankedListOrder = new Order.ByMeasure(m.alias(), r.direction());
    d.listingLimit = r.top() != null ? r.top() : 1;
    d.note(
        "'"
            + period.norm()
            + "' and '"
            + r.text()
            + "' → each "
            + period.norm()
            + " of "
            + Describe.measure(m)
            + ", "
            + r.direction().name().toLowerCase()
            + ", first "
            + d.listingLimit);
    return true;
  }

  /** The period noun right after the opening "which"/"what" that nothing else read, or null. */
  private static Token periodAsked(Draft d) {
    for (int i = 0; i + 1 < d.scan.tokens.size() && i < 3; i++) {
      Token w = d.scan.tokens.get(i);
      Token next = d.scan.tokens.get(i + 1);
      if (WHICH.contains(w.norm())
          && Grains.periodNoun(next.norm()) != null
          && (d.scan.notUsed.contains(next) || d.scan.unknown.contains(next))) {
        return next;
      }
    }
    return null;
  }
}
