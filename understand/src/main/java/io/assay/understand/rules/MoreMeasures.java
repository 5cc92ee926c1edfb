package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * "how many loans are there and the average loan amount": a further figure over the same rows,
 * joined to the answer's measure by "and", becomes a second measure of the same Pick. Only a plain
 * figure of the same table is taken, since the two share the Pick's filters and groups; a figure of
 * other rows is left for {@link Leftovers} to refuse.
 */
final class MoreMeasures implements Rule {

  /** Words that may join two figures: "and", "and the", "as well as the". */
  private static final Set<String> JOINING =
      Set.of("and", "the", "also", "as", "well", "its", "there", "is", "are", "was", "were");

  @Override
  public void apply(Draft d) {
    if (!plain(d.measure)
        || !d.analyses.isEmpty()
        || d.form == Form.LISTING
        || !d.rankings.isEmpty()
        || d.countHaving != null
        || d.rankedListOrder != null) {
      return;
    }
    String table = d.schema.measureTable(d.measure);
    List<Filter> rows = ownFilters(d, d.measure);
    sharedColumn(d, rows);
    for (int k = 1; k < d.items.size(); k++) {
      int at = d.at(k) instanceof Cue c && (c.kind() == Kind.AVG || c.kind() == Kind.SUM) ? k : -1;
      int phrase = at < 0 ? k : k + 1;
      int p = k - 1;
      while (d.at(p) instanceof Cue c && c.kind() == Kind.COPULA
          || d.at(p) instanceof Scan.Time && p > 0) {
        p--; // "how many loans are there in 1997 and …": the time scopes both figures
      }
      if (!(d.at(phrase) instanceof Mention m)
          || d.isUsed(m)
          || p < 0
          || !d.isUsed(d.at(p))
          || !joinedByAnd(d, d.items.get(k - 1), d.items.get(k))
          || d.at(phrase + 1) instanceof Cue after && after.kind() == Kind.COMPARE) {
        continue;
      }
      String metricBefore = d.metricName;
      Measure more = ownColumn(d, m, at < 0 ? null : (Cue) d.at(at), table);
      more = more != null ? more : Measures.of(d, m, phrase);
      d.metricName = metricBefore; // the answer's metric stays the first one
      if (more == null) {
        continue;
      }
      if (!plain(more) || !table.equals(d.schema.measureTable(more))) {
        d.problem("'" + m.text() + "' is a figure of other rows than the first one asked for");
        return;
      }
      if (more instanceof Measure.Aggregate a && a.filters().isEmpty() && !rows.isEmpty()) {
        // "how many card withdrawals and the total amount": the amount of the same rows
        more = new Measure.Aggregate(a.fn(), a.column(), rows, a.alias());
      } else if (!ownFilters(d, more).equals(rows)) {
        d.problem("'" + m.text() + "' counts other rows than the first figure asked for");
        return;
      }
      d.moreMeasures.add(more);
      d.note("'and " + m.text() + "' → also " + Describe.measure(more));
    }
  }

  /** Aggregating words and the function each names. */
  private static final Map<Kind, Aggregation> FUNCTIONS =
      Map.of(
          Kind.MIN, Aggregation.MIN,
          Kind.MAX, Aggregation.MAX,
          Kind.AVG, Aggregation.AVG,
          Kind.SUM, Aggregation.SUM);

  /**
   * "min and max loan amount", "the average and the largest payment": aggregating words joined by
   * "and" before the one phrase the measure read share its column; each is a figure of its own.
   */
  private static void sharedColumn(Draft d, List<Filter> rows) {
    ColumnRef column =
        d.measure instanceof Measure.Aggregate a
            ? a.column()
            : d.schema.metricColumn(((Measure.Metric) d.measure).metric());
    if (column == null) {
      return;
    }
    for (int k = 0; k + 1 < d.items.size(); k++) {
      if (!(d.at(k) instanceof Cue first)
          || d.isUsed(first)
          || !FUNCTIONS.containsKey(first.kind())
          || !joinedByAnd(d, d.items.get(k), d.items.get(k + 1))) {
        continue;
      }
      // "min and max loan amount": a used aggregating word right before the measure's phrase;
      // "average and total loan amount": the measure's phrase holds its own
      boolean sharesIt =
          d.at(k + 1) instanceof Cue next
                  && d.isUsed(next)
                  && FUNCTIONS.containsKey(next.kind())
                  && d.at(k + 2) instanceof Mention m
                  && d.isUsed(m)
                  && m.first() == next.last() + 1
              || d.at(k + 1) instanceof Mention phrase
                  && d.isUsed(phrase)
                  && d.measure instanceof Measure.Metric metric
                  && phrase.all(Target.Metric.class).stream()
                      .anyMatch(t -> t.name().equals(metric.metric()));
      if (!sharesIt) {
        continue;
      }
      Measure more = new Measure.Aggregate(FUNCTIONS.get(first.kind()), column, rows, null);
      // the figures in the order asked: answers are compared column by column
      d.moreMeasures.add(0, d.measure);
      d.measure = more;
      d.use(first);
      d.note("'" + first.text() + " and' → also " + Describe.measure(more));
    }
  }

  /**
   * "how many card withdrawals and the total amount": a word several tables share ("amount") names
   * the column of the table the first figure counts, summed (or averaged after "average").
   */
  private static Measure ownColumn(Draft d, Mention m, Cue agg, String table) {
    if (m.has(Target.Metric.class) || m.all(Target.Column.class).size() < 2) {
      return null;
    }
    List<ColumnRef> own =
        m.all(Target.Column.class).stream()
            .map(Target.Column::column)
            .filter(c -> c.table().equals(table))
            .filter(c -> d.recon.column(c).map(i -> i.type().isNumeric()).orElse(false))
            .toList();
    if (own.size() != 1) {
      return null;
    }
    d.use(m);
    if (agg != null) {
      d.use(agg);
    }
    Aggregation fn = agg != null && agg.kind() == Kind.AVG ? Aggregation.AVG : Aggregation.SUM;
    return new Measure.Aggregate(fn, own.get(0), List.of(), null);
  }

  private static boolean plain(Measure m) {
    return m instanceof Measure.Metric || m instanceof Measure.Aggregate;
  }

  /** The filters a measure applies to its own rows (a metric's definition included). */
  private static List<Filter> ownFilters(Draft d, Measure m) {
    if (m instanceof Measure.Aggregate a) {
      return a.filters();
    }
    Measure.Metric mm = (Measure.Metric) m;
    if (d.recon.metric(mm.metric()).orElse(null) instanceof MetricDefinition.Aggregate a
        && mm.filters().isEmpty()) {
      return a.filters();
    }
    return mm.filters();
  }

  /** Whether only "and" (with articles, "there are", "as well as") separates two items. */
  private static boolean joinedByAnd(Draft d, Item a, Item b) {
    boolean and = false;
    for (int t = a.last() + 1; t < b.first(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (!JOINING.contains(w)) {
        return false;
      }
      and |= w.equals("and") || w.equals("as");
    }
    return and;
  }
}
