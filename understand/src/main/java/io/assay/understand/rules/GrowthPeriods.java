package io.assay.understand.rules;

import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Scan;
import io.assay.understand.TimeExpression.Relation;

/** "growth … between 1996 and 1997": the two periods belong to the growth, not to a column. */
final class GrowthPeriods implements Rule {

  @Override
  public void apply(Draft d) {
    Cue g = d.firstCue(Kind.GROWTH);
    if (g == null) {
      return;
    }
    for (Item it : d.items) {
      if (it.what() instanceof Scan.Time t
          && t.expression().relation() == Relation.BETWEEN
          && t.first() > g.first()) {
        d.growthTime = t;
        d.use(t);
        return;
      }
    }
  }
}
