package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.TimeFilter;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Period;
import java.util.ArrayList;
import java.util.List;

/**
 * The measure of a {@link PeriodDifference}: the first figure the question names, over each of the
 * two periods on its own date, one less the other; "and the % change" beside it adds the percent
 * change between the same periods, in the order the question asks for them.
 */
final class DifferenceMeasure implements Rule {

  @Override
  public void apply(Draft d) {
    PeriodDifference.Periods p = d.difference;
    Measure of = null;
    String ofText = null;
    for (int k = 0; k < d.items.size() && of == null; k++) {
      if (d.at(k) instanceof Mention m && !d.isUsed(m)) {
        of = Measures.of(d, m, k);
        ofText = m.text();
      }
    }
    if (of == null) {
      d.problem("'" + p.word() + "' of what? no figure is named");
      return;
    }
    ColumnRef date = d.schema.measureTimeColumn(of);
    if (date == null) {
      d.problem("cannot tell which date the periods apply to for " + Describe.measure(of));
      return;
    }
    Measure difference =
        new Measure.Difference(during(of, date, p.left()), during(of, date, p.right()), null);
    Cue growth = d.firstCue(Kind.GROWTH);
    d.measure = difference;
    d.metricName = null;
    if (growth != null) {
      d.use(growth);
      usePercentBefore(d, growth);
      Measure change =
          new Measure.Growth(of, p.right().toTimeFilter(), p.left().toTimeFilter(), null);
      if (growth.first() < differenceToken(d, p)) {
        d.measure = change;
        d.moreMeasures.add(difference);
      } else {
        d.moreMeasures.add(change);
      }
      d.note(
          "'"
              + growth.text()
              + "' → also the percent change "
              + Describe.time(p.right().toTimeFilter())
              + " to "
              + Describe.time(p.left().toTimeFilter()));
    }
    d.timeColumn = date;
    d.time =
        new TimeFilter.Range(
            min(p.left().from(), p.right().from()), max(p.left().to(), p.right().to()));
    d.note(
        "'"
            + ofText
            + "' → "
            + Describe.measure(of)
            + " "
            + Describe.time(p.left().toTimeFilter())
            + " minus "
            + Describe.measure(of)
            + " "
            + Describe.time(p.right().toTimeFilter()));
  }

  /** The measure restricted to one period of its date column. */
  private static Measure during(Measure of, ColumnRef date, Period period) {
    // half-open, so a timestamp column keeps the whole of the period's last day
    List<Filter> f = TimeFilters.halfOpen(TimeFilters.asFilter(date, period.toTimeFilter()));
    if (of instanceof Measure.Metric m) {
      List<Filter> fs = new ArrayList<>(m.filters());
      fs.addAll(f);
      return new Measure.Metric(m.metric(), fs, null);
    }
    if (of instanceof Measure.Aggregate a) {
      List<Filter> fs = new ArrayList<>(a.filters());
      fs.addAll(f);
      return new Measure.Aggregate(a.fn(), a.column(), fs, null);
    }
    throw new IllegalStateException("a difference of " + of);
  }

  /** "the % change": the percent sign or word right before the change word asks for it. */
  private static void usePercentBefore(Draft d, Cue growth) {
    if (d.at(d.indexOf(growth) - 1) instanceof Cue c && c.kind() == Kind.PERCENT) {
      d.use(c);
    }
  }

  private static int differenceToken(Draft d, PeriodDifference.Periods p) {
    for (var t : d.scan.tokens) {
      if (t.norm().equals(p.word())) {
        return t.index();
      }
    }
    return Integer.MAX_VALUE;
  }

  private static java.time.LocalDate min(java.time.LocalDate a, java.time.LocalDate b) {
    return a.isBefore(b) ? a : b;
  }

  private static java.time.LocalDate max(java.time.LocalDate a, java.time.LocalDate b) {
    return a.isAfter(b) ? a : b;
  }
}
