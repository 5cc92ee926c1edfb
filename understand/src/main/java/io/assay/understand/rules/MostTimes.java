package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.Words;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * "the book borrowed the most times", "which branch was visited least often": a quantity
 * superlative followed by "times" or "often", or ending the question, ranks by how many rows of the
 * event the verb right before it names (the verb names the event's date column, or its count).
 * Anything else before the superlative (a column, two events, nothing) leaves the words
 * unexplained, so the reader abstains.
 */
final class MostTimes implements Rule {

  /** Words after "most" or "least" that count occasions rather than name a quantity. */
  private static final Set<String> OCCASION_WORDS = Set.of("times", "often", "frequently");

  @Override
  public void apply(Draft d) {
    for (int i = 1; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c)
          || (c.kind() != Kind.MAX && c.kind() != Kind.MIN)
          || d.isUsed(c)
          || c.number() > 0
          || !Words.QUANTITY_SUPERLATIVES.contains(c.text().toLowerCase(Locale.ROOT))) {
        continue;
      }
      int word = occasionWordAfter(d, c);
      if (word < 0) {
        continue;
      }
      Mention event =
          d.at(i - 1) instanceof Mention m && m.last() == c.first() - 1 && !d.isUsed(m) ? m : null;
      String metric = event != null ? eventCount(d, event) : verbCount(d, c.first() - 1);
      if (metric == null && event != null && word != c.last()) {
        // "members who borrowed the most times": the phrase names the entity listed and the event
        String[] entityAndEvent = DistinctOccasions.entityAndEvent(d, event);
        if (entityAndEvent != null) {
          DistinctOccasions.asEntity(d, i - 1, entityAndEvent[0]);
          metric = entityAndEvent[1];
          event = null;
        }
      }
      if (metric == null || word == c.last() && hasAnAmount(d, metric)) {
        // "loaned the most" may be the most money as well as the most loans: not guessed
        continue;
      }
      Direction dir = c.kind() == Kind.MAX ? Direction.DESC : Direction.ASC;
      String text =
          (event != null ? event.text() : d.scan.tokens.get(c.first() - 1).norm())
              + " "
              + c.text()
              + (word == c.last() ? "" : " " + d.scan.tokens.get(word).norm());
      d.rankings.add(
          new Ranking(
              c.first(), null, new Measure.Metric(metric, List.of(), metric), dir, 1, null, text));
      d.use(c);
      if (event != null) {
        d.use(event);
      } else {
        d.explainedWords.add(c.first() - 1);
      }
      if (word != c.last()) {
        d.explainedWords.add(word);
      }
      d.note("'" + text + "' → ranked by " + metric);
    }
  }

  /**
   * The token of "times"/"often" right after the superlative and in no phrase; the superlative's
   * own last token when it ends the question or a time follows ("rented the most in May?"); or -1.
   */
  private static int occasionWordAfter(Draft d, Cue c) {
    int next = c.last() + 1;
    Item after = d.item(d.indexOf(c) + 1);
    if (next >= d.scan.tokens.size()
        || after != null && after.first() == next && after.what() instanceof Scan.Time) {
      return c.last();
    }
    if (!OCCASION_WORDS.contains(d.scan.tokens.get(next).norm())
        || d.scan.mentions.stream().anyMatch(m -> m.first() <= next && next <= m.last())) {
      return -1;
    }
    return next;
  }

  /** Whether the rows a count metric counts carry one amount, which "the most" alone may mean. */
  private static boolean hasAnAmount(Draft d, String countMetric) {
    return d.recon
        .metric(countMetric)
        .map(m -> d.schema.amountColumn(m.table()) != null)
        .orElse(true);
  }

  /**
   * The plain count a lone verb names through the dataset's words: a count metric one of whose
   * synonyms is "times" and that verb ("times rented"); null when none or several do.
   */
  private static String verbCount(Draft d, int token) {
    if (token < 0
        || d.scan.mentions.stream().anyMatch(m -> m.first() <= token && token <= m.last())) {
      return null;
    }
    String phrase = "times " + d.scan.tokens.get(token).norm();
    List<String> counts =
        d.recon.metrics().stream()
            .filter(m -> m.name().equals(d.schema.plainCountMetricOrNull(m.table())))
            .filter(m -> m.synonyms().stream().anyMatch(s -> s.equalsIgnoreCase(phrase)))
            .map(MetricDefinition::name)
            .toList();
    return counts.size() == 1 ? counts.get(0) : null;
  }

  /** The plain count of the event a verb names: its own count, or its date's table; or null. */
  private static String eventCount(Draft d, Mention event) {
    if (event.has(Target.Value.class)) {
      return null;
    }
    Target.Metric count = Occasions.count(d, event);
    if (count != null) {
      return count.name();
    }
    if (event.has(Target.Metric.class) || event.has(Target.Table.class)) {
      return null;
    }
    ColumnRef date = d.schema.temporalColumn(event);
    return date == null ? null : d.schema.plainCountMetricOrNull(date.table());
  }
}
