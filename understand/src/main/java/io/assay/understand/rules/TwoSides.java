package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.TimeFilter;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Scan;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * "how many times more loans in 1997 than in 1996", "how many times as many owners as disponents",
 * "the ratio of owners to disponents": the measure under each of two conditions on one column, the
 * one named first over the other. The sides are two periods of the measure's time column, or two
 * values of one column; without them the question is not answered.
 */
final class TwoSides implements Rule {

  @Override
  public void apply(Draft d) {
    if (!d.clear() || !(d.sideBySide || asksMultiple(d))) {
      return;
    }
    if (ratio(d, d.mainTime, d.timeColumn, d.time)) {
      d.time = null;
      d.timeColumn = null;
    } else {
      d.problem(
          "a ratio or 'times more' needs two periods or two values of one column to set side"
              + " by side");
    }
  }

  /** "how many times more", "how much times as many": the answer is a multiple, not a count. */
  private static boolean asksMultiple(Draft d) {
    for (int i = 1; i < d.scan.tokens.size(); i++) {
      if (d.scan.tokens.get(i).norm().equals("times")
          && i != d.occasionWord
          && Set.of("many", "much").contains(d.scan.tokens.get(i - 1).norm())) {
        return true;
      }
    }
    return false;
  }

  private static boolean ratio(Draft d, Scan.Time main, ColumnRef timeColumn, TimeFilter time) {
    if (!(d.measure instanceof Measure.Metric || d.measure instanceof Measure.Aggregate)
        || d.grain != null
        || !d.groupBy.isEmpty()) {
      return false;
    }
    List<Filter> first;
    List<Filter> second;
    Filter consumed = null;
    if (time != null && timeColumn != null) {
      if (main == null) {
        return false;
      }
      for (Filter f : d.filters) {
        if (timeColumn.equals(d.attachedTo.get(f)) && d.attachedTime.get(f) != null) {
          if (consumed != null) {
            return false;
          }
          consumed = f;
        }
      }
      if (consumed == null) {
        return false;
      }
      List<Filter> own = TimeFilters.halfOpen(TimeFilters.asFilter(timeColumn, time));
      List<Filter> other = TimeFilters.halfOpen(consumed);
      boolean ownFirst = main.first() < d.filterPosition.get(consumed);
      first = ownFirst ? own : other;
      second = ownFirst ? other : own;
    } else {
      for (Filter f : d.filters) {
        if (f instanceof Filter.In in && !in.negated() && in.values().size() == 2) {
          if (consumed != null) {
            return false;
          }
          consumed = f;
        }
      }
      if (consumed == null) {
        return false;
      }
      Filter.In in = (Filter.In) consumed;
      first = List.of(new Filter.Compare(in.column(), Comparison.EQ, in.values().get(0)));
      second = List.of(new Filter.Compare(in.column(), Comparison.EQ, in.values().get(1)));
    }
    d.filters.remove(consumed);
    Measure of = d.measure;
    d.measure = new Measure.Ratio(restricted(of, first), restricted(of, second), false, "ratio");
    for (Item it : d.items) {
      if (it.what() instanceof Cue c && (c.kind() == Kind.MULTIPLE || c.kind() == Kind.RATIO)) {
        d.use(c);
      }
    }
    d.note(
        "one quantity over another → "
            + Describe.measure(of)
            + " where "
            + String.join(" and ", first.stream().map(Describe::filter).toList())
            + " over the same where "
            + String.join(" and ", second.stream().map(Describe::filter).toList()));
    return true;
  }

  private static Measure restricted(Measure m, List<Filter> more) {
    if (m instanceof Measure.Metric x) {
      List<Filter> fs = new ArrayList<>(x.filters());
      fs.addAll(more);
      return new Measure.Metric(x.metric(), fs, null);
    }
    Measure.Aggregate a = (Measure.Aggregate) m;
    List<Filter> fs = new ArrayList<>(a.filters());
    fs.addAll(more);
    return new Measure.Aggregate(a.fn(), a.column(), fs, null);
  }
}
