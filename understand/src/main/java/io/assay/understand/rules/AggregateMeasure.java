package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.List;

/**
 * "the average salary", "the total loan amount", "how much interest": an aggregate of what the
 * aggregating word names; otherwise the question is read for a metric.
 */
final class AggregateMeasure implements Rule {

  private final Rule metric = new MetricMeasure();

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c)
          || d.isUsed(c)
          || (c.kind() != Kind.AVG && c.kind() != Kind.SUM)) {
        continue;
      }
      int at = i + 1;
      if (c.kind() == Kind.SUM
          && d.at(at) instanceof Cue each
          && each.kind() == Kind.GROUP
          && d.at(at + 1) instanceof Mention entity
          && entity.has(Target.Table.class)
          && d.at(at + 2) instanceof Mention amount
          && !amount.has(Target.Table.class)) {
        // "how much does each client …": the amount follows the group it is taken for, which
        // the grouping rules read as they would after the amount
        at += 2;
      }
      if (c.kind() == Kind.SUM && verbOfNamedRows(d, c, at)) {
        return;
      }
      Object next = d.at(at);
      if (next instanceof Mention m && !d.isUsed(m)) {
        Measure ms = Measures.of(d, m, at);
        if (ms != null && (at > i + 1 && sums(d, ms) || averagedRatio(d, c, ms))) {
          d.use(c);
        }
        if (ms != null) {
          d.measure = ofTheActAfter(d, ms, at);
          d.note("'" + c.text() + " " + m.text() + "' → " + Describe.measure(d.measure));
          return;
        }
      }
      if (next instanceof Mention v && v.has(Target.Value.class)) {
        // "how much interest", "the average pension": the amount of the rows holding the value
        String plain =
            d.schema.plainAmountMetric(v, c.kind() == Kind.SUM ? Aggregation.SUM : Aggregation.AVG);
        if (plain != null) {
          d.use(c);
          d.adoptMetric(plain);
          d.note("'" + c.text() + " " + v.text() + "' → metric " + plain);
          return;
        }
      }
    }
    metric.apply(d);
  }

  /**
   * "how much did customer 148 pay", "how much did customers in Canada pay", "how much was paid in
   * 2005": after the rows who did it (named, or read as a condition), or after a form of "be",
   * comes a verb whose act a total sums, which is what is asked.
   */
  private static boolean verbOfNamedRows(Draft d, Cue c, int at) {
    int k = at;
    if (d.at(k) instanceof Cue be && be.kind() == Kind.COPULA) {
      k++; // "how much was paid"
    }
    List<Mention> subjects = new ArrayList<>();
    for (; ; k++) {
      if (d.at(k) instanceof Scan.Number n && d.isUsed(n)) {
        continue;
      }
      if (!(d.at(k) instanceof Mention m) || d.aVerb(m)) {
        break;
      }
      if (!d.isUsed(m)) {
        if (!d.schema.namesOnlyATable(m)) {
          break;
        }
        subjects.add(m);
      }
    }
    if (k == at || !(d.at(k) instanceof Mention verb) || !d.aVerb(verb)) {
      return false;
    }
    if (d.at(k + 1) instanceof Cue by
        && by.text().equals("by")
        && d.at(k + 2) instanceof Mention how
        && how.has(Target.Table.class)
        && !Groupings.namesOneRow(d, k + 2)) {
      return false; // "how much was withdrawn by card": by whom, or by what means, is not said
    }
    String metric = summedAct(d, verb);
    if (metric == null) {
      return false;
    }
    d.use(c);
    d.use(verb);
    subjects.forEach(d::use); // "how much did customers in Canada pay": whose payments
    if (d.at(k + 1) instanceof Cue total && total.kind() == Kind.SUM) {
      d.use(total); // "how much did customer 148 pay in total"
    }
    d.adoptMetric(metric);
    d.note("'" + c.text() + " … " + verb.text() + "' → metric " + metric);
    return true;
  }

  /**
   * "the total amount withdrawn", "the average amount received": a verb right after the amount
   * names a total of that same column over some of its rows, whose condition the amount takes.
   */
  private static Measure ofTheActAfter(Draft d, Measure ms, int at) {
    if (!(ms instanceof Measure.Aggregate a)
        || !a.filters().isEmpty()
        || !(d.at(at + 1) instanceof Mention verb)
        || d.isUsed(verb)
        || !d.aVerb(verb)
        || verb.all(Target.Metric.class).size() != 1
        || !(d.recon.metric(verb.one(Target.Metric.class).name()).orElse(null)
            instanceof MetricDefinition.Aggregate act)
        || act.aggregation() != Aggregation.SUM
        || act.filters().isEmpty()
        || !act.column().equals(a.column())) {
      return ms;
    }
    d.use(verb);
    return new Measure.Aggregate(a.fn(), a.column(), act.filters(), a.alias());
  }

  /** The total a verb's act sums: the one it names, else its rows' one plain sum, else null. */
  private static String summedAct(Draft d, Mention verb) {
    List<Target.Metric> metrics = verb.all(Target.Metric.class);
    if (!metrics.isEmpty()) {
      String named = metrics.size() == 1 ? metrics.get(0).name() : null;
      return named != null && d.schema.metricAggregation(named) == Aggregation.SUM ? named : null;
    }
    String table = Schema.oneTable(verb);
    List<String> plain = table == null ? List.of() : d.schema.plainMetrics(table, Aggregation.SUM);
    return plain.size() == 1 ? plain.get(0) : null;
  }

  /** "average revenue per customer": a ratio per entity is the average the word asks for. */
  private static boolean averagedRatio(Draft d, Cue c, Measure ms) {
    return c.kind() == Kind.AVG
        && ms instanceof Measure.Metric x
        && d.recon.metric(x.metric()).orElse(null) instanceof MetricDefinition.Ratio;
  }

  private static boolean sums(Draft d, Measure ms) {
    return ms instanceof Measure.Metric x
            && d.schema.metricAggregation(x.metric()) == Aggregation.SUM
        || ms instanceof Measure.Aggregate a && a.fn() == Aggregation.SUM;
  }
}
