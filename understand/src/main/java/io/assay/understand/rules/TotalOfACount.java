package io.assay.understand.rules;

import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;

/**
 * "the total number of rentals", "total loan count per region": "total" right before the count the
 * answer measures adds nothing to it, since a count is already the total of its rows.
 */
final class TotalOfACount implements Rule {

  @Override
  public void apply(Draft d) {
    if (!(d.measure instanceof Measure.Metric metric) || !d.schema.isCount(metric.metric())) {
      return;
    }
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (d.at(i) instanceof Cue c
          && c.kind() == Kind.SUM
          && !d.isUsed(c)
          && d.at(i + 1) instanceof Mention m
          && m.first() == c.last() + 1
          && m.all(Target.Metric.class).stream().anyMatch(t -> t.name().equals(metric.metric()))) {
        d.use(c);
        d.note("'" + c.text() + " " + m.text() + "' → the count itself");
      }
    }
  }
}
