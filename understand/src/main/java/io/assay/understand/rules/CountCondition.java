package io.assay.understand.rules;

import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Projection;

/**
 * The count condition read by {@link Comparisons} ("at least 20 customers") applied to the groups
 * it is about: a listing's columns become the groups, shown with the count they were kept for.
 */
final class CountCondition implements Rule {

  @Override
  public void apply(Draft d) {
    if (d.countHaving == null) {
      return;
    }
    if (d.form == Form.LISTING && d.measure == null && !d.select.isEmpty()) {
      for (Projection p : d.select) {
        if (!(p instanceof Projection.Column c)) {
          d.problem("'" + d.countHavingText + "': only plain columns can be grouped");
          return;
        }
        d.groupBy.add(c.column());
      }
      d.select.clear();
      d.measure = d.countHaving.of();
      d.metricName = d.measure instanceof Measure.Metric mm ? mm.metric() : null;
      d.form = Form.METRIC;
      String alias =
          d.measure.alias() != null
              ? d.measure.alias()
              : d.measure instanceof Measure.Metric mm ? mm.metric() : null;
      if (alias == null) {
        d.problem("'" + d.countHavingText + "': the count has no name to compare");
        return;
      }
      d.countHaving = new Having(alias, null, d.countHaving.op(), d.countHaving.value());
      d.note(
          "'"
              + d.countHavingText
              + "' → keep the listed groups whose "
              + Describe.measure(d.measure)
              + " "
              + Describe.symbol(d.countHaving.op())
              + " "
              + d.countHaving.value().toString().replaceAll("\\D*\\[value=|\\]", ""));
      return;
    }
    d.problem(
        "'" + d.countHavingText + "': a condition on a count applies only to listed groups here");
  }
}
