package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.joins.JoinStep;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * "the percentage of clients that are women": the count of rows meeting a condition over the count
 * of all of them; or a metric that is a percentage itself ("percentage of …" naming one).
 */
final class PercentMeasure implements Rule {

  @Override
  public void apply(Draft d) {
    Cue p = d.firstCue(Kind.PERCENT);
    d.use(p);
    int i = d.indexOf(p);
    if (d.at(i + 1) instanceof Mention m
        && m.has(Target.Metric.class)
        && !m.has(Target.Table.class)) {
      String name = d.schema.chooseMetric(m, m.all(Target.Metric.class));
      if (name != null
          && d.recon.metric(name).orElse(null) instanceof MetricDefinition.Share sh
          && HeldRows.aHaveVerbAt(d, m.last() + 1)) {
        // "what percentage of female clients own a junior card": the share's rows are the whole,
        // and what they have is the part
        d.use(m);
        List<Filter> condition = new ArrayList<>(after(d, p));
        condition.removeAll(sh.where());
        if (!condition.isEmpty()) {
          d.filters.removeAll(condition);
          sh.where().forEach(f -> d.addFilter(f, m.first(), null));
          countShare(d, p, m, sh.table(), condition);
          return;
        }
      }
      if (name != null
          && "percent".equals(d.recon.metric(name).map(MetricDefinition::unit).orElse(""))) {
        d.use(m);
        d.adoptMetric(name);
        d.note("'" + p.text() + " " + m.text() + "' → metric " + name);
        return;
      }
    }
    Mention population = namedBefore(d, p);
    boolean before = population != null;
    for (int k = i + 1; k < d.items.size() && population == null; k++) {
      if (d.at(k) instanceof Mention m && (m.has(Target.Table.class) || namesATotal(d, m))) {
        population = m;
      }
    }
    if (population == null) {
      d.problem("'" + p.text() + "' needs the rows it is a percentage of (of clients? of loans?)");
      return;
    }
    d.use(population);
    List<Filter> condition = before ? after(d, p) : condition(d, p, population);
    if (condition.isEmpty() && population.has(Target.Table.class)) {
      condition = havingRelated(d, population); // a total ("share of revenue") has no rows
    }
    if (condition.isEmpty()) {
      d.problem(
          "'"
              + p.text()
              + " "
              + population.text()
              + "' does not say which of them to count (percentage of them that are what?)");
      return;
    }
    d.filters.removeAll(condition);
    if (shareOfATotal(d, p, population, condition)) {
      return;
    }
    countShare(d, p, population, population.one(Target.Table.class).table(), condition);
  }

  /** The count of the population's rows meeting the condition over the count of all of them. */
  private static void countShare(
      Draft d, Cue p, Mention population, String table, List<Filter> condition) {
    // "the percentage of films in the Documentary category": a condition on rows of which one of
    // the population's may have several is met when it has at least one such row
    condition =
        condition.stream()
            .map(
                f ->
                    f.column() != null
                            && !f.column().table().equals(table)
                            && d.schema.fansOut(table, f.column().table())
                        ? (Filter) new Filter.Exists(f.column().table(), List.of(f), false)
                        : f)
            .toList();
    ColumnRef key = populationKey(d, table, condition);
    if (key == null) {
      return;
    }
    share(
        d,
        p,
        population,
        new Measure.Aggregate(Aggregation.COUNT, key, condition, null),
        new Measure.Aggregate(Aggregation.COUNT, key, List.of(), null),
        "count(" + key + ")",
        condition);
  }

  /**
   * "among the female clients, what percentage of those own a junior card", "… what percentage own
   * a junior card": the percentage word is followed by "those" or by the verb of the condition, so
   * the rows it is a percentage of were named before it; null otherwise.
   */
  private static Mention namedBefore(Draft d, Cue p) {
    int t = p.last() + 1;
    if (t < d.scan.tokens.size() && d.scan.tokens.get(t).norm().equals("of")) {
      t++;
    }
    if (t >= d.scan.tokens.size()) {
      return null;
    }
    String w = d.scan.tokens.get(t).norm();
    if (!ANAPHORS.contains(w) && !HeldRows.aHaveVerbAt(d, t) && !COPULAS.contains(w)) {
      return null;
    }
    // "among the customers of store 2": the first rows named are the ones meant
    for (Mention m : d.scan.mentions) {
      if (m.last() < p.first() && m.all(Target.Table.class).size() == 1) {
        return m;
      }
    }
    return null;
  }

  /** Words that point back to rows named before. */
  private static final Set<String> ANAPHORS = Set.of("those", "them", "these");

  /** Forms of "be" right after the percentage word ("what percentage are active"). */
  private static final Set<String> COPULAS = Set.of("is", "are", "was", "were");

  /** The filters stated after the percentage word, before any "for all …". */
  private static List<Filter> after(Draft d, Cue p) {
    int scope = wholeScope(d, p.first());
    return d.filters.stream()
        .filter(
            f -> {
              int at = d.filterPosition.getOrDefault(f, -1);
              return at > p.first() && at < scope;
            })
        .toList();
  }

  /** The part over the whole as a percentage, noted as "100 × X where … / X". */
  private static void share(
      Draft d,
      Cue p,
      Mention population,
      Measure part,
      Measure whole,
      String of,
      List<Filter> condition) {
    d.measure = new Measure.Ratio(part, whole, true, "percentage");
    d.note(
        "'"
            + p.text()
            + " "
            + population.text()
            + "' → 100 × "
            + of
            + " where "
            + condition.stream().map(Describe::filter).collect(Collectors.joining(" and "))
            + " / "
            + of);
  }

  /**
   * "what share of revenue comes from store 2": a phrase naming a total (a summing metric) is
   * shared out by that total, not by how many rows make it up.
   */
  private static boolean shareOfATotal(Draft d, Cue p, Mention population, List<Filter> condition) {
    if (!namesATotal(d, population)) {
      return false;
    }
    String metric = population.one(Target.Metric.class).name();
    share(
        d,
        p,
        population,
        new Measure.Metric(metric, condition, null),
        new Measure.Metric(metric, List.of(), null),
        metric,
        condition);
    return true;
  }

  /** Whether a phrase names exactly one metric, and that metric sums. */
  private static boolean namesATotal(Draft d, Mention m) {
    List<Target.Metric> metrics = m.all(Target.Metric.class);
    return metrics.size() == 1
        && d.schema.metricAggregation(metrics.get(0).name()) == Aggregation.SUM;
  }

  /**
   * The filters that pick the part: those after "that are" (or between the percentage word and the
   * population), before any "for all …" that names the whole.
   */
  private static List<Filter> condition(Draft d, Cue p, Mention population) {
    int popAt = population.first();
    int scope = wholeScope(d, popAt);
    int copula = -1;
    for (Item it : d.items) {
      if (it.what() instanceof Cue c
          && c.kind() == Kind.COPULA
          && c.first() > popAt
          && c.first() < scope) {
        copula = c.first();
      }
    }
    if (copula < 0) {
      // "accounts in the south Bohemia region have weekly statements", "accounts opened in 1993
      // belong to the Decin district": what the rows have or do, after the last such verb, is the
      // condition; what comes before it says which rows the percentage is of. A participle
      // ("opened in 1993") only says which rows.
      for (int t = population.last() + 1; t < scope && t < d.scan.tokens.size(); t++) {
        String w = d.scan.tokens.get(t).norm();
        int verb = t;
        if ((HeldRows.aHaveVerbAt(d, t) || d.aVerbAt(t) && !w.endsWith("ed"))
            && d.filters.stream().anyMatch(f -> d.filterPosition.getOrDefault(f, -1) > verb)) {
          copula = verb;
        }
      }
    }
    List<Filter> condition = new ArrayList<>();
    for (Filter f : d.filters) {
      int at = d.filterPosition.getOrDefault(f, -1);
      boolean isCondition =
          at < scope && (copula >= 0 ? at > copula : at > p.first() && at < popAt);
      if (isCondition) {
        condition.add(f);
      }
    }
    if (condition.isEmpty() && copula < 0) {
      for (Filter f : d.filters) {
        int at = d.filterPosition.getOrDefault(f, -1);
        if (at > popAt && at < scope) {
          condition.add(f);
        }
      }
    }
    return condition;
  }

  /**
   * "the percentage of accounts that hold a loan", "what share of films got rented": with no value
   * to count by, a later table on the many side of the population names the condition — the rows of
   * the population that have at least one such row. The verb that links them ("hold", "got") says
   * nothing more, so unknown words between the two are explained; a negation between them is left
   * unapplied, so the reader abstains rather than count the opposite.
   */
  private static List<Filter> havingRelated(Draft d, Mention population) {
    if (d.related.stream().anyMatch(Filter.Exists::negated)) {
      return List.of();
    }
    String table = population.one(Target.Table.class).table();
    int scope = wholeScope(d, population.first());
    for (Item it : d.items) {
      if (!(it.what() instanceof Mention m)
          || m == population
          || d.isUsed(m)
          || m.first() <= population.last()
          || m.first() >= scope) {
        continue;
      }
      String related = rowsNamed(d, m);
      if (related == null || related.equals(table)) {
        continue; // "clients who hold …": a word for the population itself
      }
      JoinPath path = d.recon.joins().path(table, related).orElse(null);
      if (path == null
          || path.steps().isEmpty()
          || !path.steps().get(0).fansOut()
          || negatedBetween(d, population.last(), m.first())) {
        return List.of();
      }
      d.use(m);
      for (Token t : d.scan.unknown) {
        if (t.index() > population.last() && t.index() < m.first()) {
          d.explainedWords.add(t.index());
        }
      }
      d.note("'" + m.text() + "' → " + table + " rows that have a " + related + " row");
      return List.of(new Filter.Exists(related, List.of(), false));
    }
    return List.of();
  }

  /** The table whose rows a mention names: a table, or a plain count of one ("granted a loan"). */
  private static String rowsNamed(Draft d, Mention m) {
    if (m.has(Target.Table.class)) {
      return m.one(Target.Table.class).table();
    }
    List<String> counted =
        m.all(Target.Metric.class).stream()
            .filter(x -> x.name().equals(d.schema.plainCountMetricOrNull(x.table())))
            .map(Target.Metric::table)
            .distinct()
            .toList();
    return counted.size() == 1 ? counted.get(0) : null;
  }

  private static boolean negatedBetween(Draft d, int from, int to) {
    for (Item it : d.items) {
      if (it.what() instanceof Cue c
          && c.kind() == Kind.NEGATE
          && c.first() > from
          && c.first() < to) {
        return true;
      }
    }
    return false;
  }

  /**
   * "… for all accounts opened in 1993", "… among all loans": what follows names the whole the
   * percentage is taken of, so its filters narrow both parts. The token where that scope starts, or
   * past the end when the question has none.
   */
  private static int wholeScope(Draft d, int after) {
    for (int i = after + 1; i + 1 < d.scan.tokens.size(); i++) {
      String w = d.scan.tokens.get(i).norm();
      if (Set.of("for", "of", "among", "amongst").contains(w)
          && d.scan.tokens.get(i + 1).norm().equals("all")) {
        return i;
      }
    }
    return Integer.MAX_VALUE;
  }

  /**
   * What to count for "percentage of P that C": P's key, or — when the condition lives in a table C
   * that refers to P (the status of an account's loan) — C's reference to P, so the count runs over
   * C's rows (the Pick language cannot filter a measure through a one-to-many join).
   */
  private static ColumnRef populationKey(Draft d, String population, List<Filter> condition) {
    Set<String> tables =
        condition.stream()
            .filter(f -> f.column() != null)
            .map(f -> f.column().table())
            .collect(Collectors.toSet());
    if (tables.size() == 1 && !tables.contains(population)) {
      String c = tables.iterator().next();
      JoinPath path = d.recon.joins().path(population, c).orElse(null);
      ColumnRef fk = d.schema.foreignKey(c, population);
      if (path != null && fk != null && path.steps().stream().anyMatch(JoinStep::fansOut)) {
        d.note(population + " counted through " + fk + ", where the condition lives");
        return fk;
      }
    }
    return d.schema.primaryKey(population);
  }
}
