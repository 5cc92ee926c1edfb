package io.assay.understand.rules;

import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.TimeExpression;

/** "the growth of loan amount between 1996 and 1997": the percent change of a measure. */
final class GrowthMeasure implements Rule {

  @Override
  public void apply(Draft d) {
    Cue g = d.firstCue(Kind.GROWTH);
    d.use(g);
    int i = d.indexOf(g);
    Measure of = null;
    String ofText = null;
    for (int k = i + 1; k < d.items.size() && of == null; k++) {
      Object w = d.at(k);
      if (w instanceof Cue c && (c.kind() == Kind.SUM || c.kind() == Kind.AVG)) {
        continue;
      }
      if (w instanceof Mention m) {
        of = Measures.of(d, m, k);
        ofText = m.text();
      } else if (!(w instanceof Cue)) {
        break;
      }
    }
    if (of == null) {
      d.problem("'" + g.text() + "' needs a measure after it (growth of what?)");
      return;
    }
    if (d.growthTime == null) {
      d.problem("'" + g.text() + "' needs two periods ('between 1996 and 1997')");
      return;
    }
    d.use(d.growthTime);
    TimeExpression e = d.growthTime.expression();
    d.measure =
        new Measure.Growth(
            of, e.first().toTimeFilter(), e.second().toTimeFilter(), "growth_percent");
    d.note(
        "'"
            + g.text()
            + " of "
            + ofText
            + " "
            + e.text()
            + "' → percent change of "
            + Describe.measure(of)
            + " from "
            + e.first()
            + " to "
            + e.second());
  }
}
