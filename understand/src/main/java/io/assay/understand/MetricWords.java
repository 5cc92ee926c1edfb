package io.assay.understand;

import io.assay.pick.Aggregation;
import io.assay.pick.Filter;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which metric over time a question means when no phrase named one on its own: an analysis ("check
 * the monthly card withdrawals") needs a measure, and the question's words or the stored values it
 * filters on often imply it. When they do not decide, the metrics are offered closest first.
 */
public final class MetricWords {

  private MetricWords() {}

  /**
   * The one metric the question implies, or null: the metric whose own words (name or synonym)
   * appear in the question, the longest such phrase winning; else the metric whose filters are
   * exactly stored values the question names, a count before an amount ("card withdrawals" are
   * withdrawals, counted).
   */
  public static String implied(Scan scan, Recon recon, List<Filter> filters) {
    List<String> stems = contentStems(scan);
    String best = null;
    int bestLength = 0;
    boolean tie = false;
    for (MetricDefinition m : overTime(recon)) {
      for (String phrase : phrases(m)) {
        List<String> words = content(Tokenizer.stems(phrase));
        if (words.size() < 2 || !containsRun(stems, words)) {
          continue;
        }
        if (words.size() > bestLength) {
          best = m.name();
          bestLength = words.size();
          tie = false;
        } else if (words.size() == bestLength && !m.name().equals(best)) {
          tie = true;
        }
      }
    }
    if (best != null && !tie) {
      return best;
    }
    List<MetricDefinition.Aggregate> byValues = new ArrayList<>();
    for (MetricDefinition m : overTime(recon)) {
      if (m instanceof MetricDefinition.Aggregate a
          && !a.filters().isEmpty()
          && filters.containsAll(a.filters())) {
        byValues.add(a);
      }
    }
    if (byValues.size() == 1) {
      return byValues.get(0).name();
    }
    List<MetricDefinition.Aggregate> counts =
        byValues.stream().filter(a -> a.aggregation() == Aggregation.COUNT).toList();
    if (counts.size() == 1) {
      return counts.get(0).name();
    }
    return byValues.isEmpty() ? countOfTheRowsNamed(scan, recon) : null;
  }

  /**
   * "check weekly rentals": a word for rows that names one metric, their plain count, when that
   * count is the only plain additive metric over time of those rows. Where the rows also have an
   * amount ("payments": takings or how many) the word does not say which, and the reader asks.
   */
  private static String countOfTheRowsNamed(Scan scan, Recon recon) {
    Set<String> named = new LinkedHashSet<>();
    for (Mention m : scan.mentions) {
      m.all(Target.Metric.class).forEach(t -> named.add(t.name()));
    }
    if (named.size() != 1) {
      return null;
    }
    MetricDefinition only = recon.metric(named.iterator().next()).orElse(null);
    if (only == null || only.timeColumn() == null) {
      return null;
    }
    List<MetricDefinition.Aggregate> plain = new ArrayList<>();
    for (MetricDefinition m : overTime(recon)) {
      if (m instanceof MetricDefinition.Aggregate a
          && a.table().equals(only.table())
          && a.filters().isEmpty()
          && (a.aggregation() == Aggregation.COUNT || a.aggregation() == Aggregation.SUM)) {
        plain.add(a);
      }
    }
    return plain.size() == 1
            && plain.get(0).name().equals(only.name())
            && plain.get(0).aggregation() == Aggregation.COUNT
        ? only.name()
        : null;
  }

  /** The metrics over time, those sharing most words with the question first. */
  public static List<MetricDefinition> ranked(Scan scan, Recon recon) {
    Set<String> asked = new HashSet<>(contentStems(scan));
    List<MetricDefinition> all = new ArrayList<>(overTime(recon));
    all.sort(Comparator.comparingInt((MetricDefinition m) -> -overlap(m, asked)));
    return all;
  }

  private static int overlap(MetricDefinition m, Set<String> asked) {
    Set<String> own = new LinkedHashSet<>();
    for (String phrase : phrases(m)) {
      own.addAll(content(Tokenizer.stems(phrase)));
    }
    own.addAll(content(Tokenizer.stems(m.description())));
    own.retainAll(asked);
    return own.size();
  }

  private static List<MetricDefinition> overTime(Recon recon) {
    return recon.metrics().stream().filter(m -> m.timeColumn() != null).toList();
  }

  private static List<String> phrases(MetricDefinition m) {
    List<String> p = new ArrayList<>(m.synonyms());
    p.add(m.name().replace('_', ' ').toLowerCase(Locale.ROOT));
    return p;
  }

  private static List<String> contentStems(Scan scan) {
    return content(scan.tokens.stream().map(Token::stem).toList());
  }

  private static List<String> content(List<String> stems) {
    return stems.stream().filter(s -> !Words.STOP.contains(s)).toList();
  }

  private static boolean containsRun(List<String> text, List<String> run) {
    for (int i = 0; i + run.size() <= text.size(); i++) {
      if (text.subList(i, i + run.size()).equals(run)) {
        return true;
      }
    }
    return false;
  }
}
