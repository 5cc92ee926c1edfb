package io.assay.understand.rules;

import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Scan;

/**
 * "drill down", "forecast", "unusual": the analyses the question asks for, and every period it
 * names, which the analyses read from the frame whatever else the question says.
 */
final class AnalysisCues implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      Item it = d.items.get(i);
      if (it.what() instanceof Cue c && c.kind() == Kind.ANALYSIS) {
        if (BreakdownOf.isAFigurePerGroup(d, c)) {
          BreakdownOf.read(d, i, c);
          continue;
        }
        d.analyses.add(c.analysis());
        d.use(c);
      }
      if (it.what() instanceof Scan.Time t) {
        d.periods.add(t.expression().first());
        if (t.expression().second() != null) {
          d.periods.add(t.expression().second());
        }
      }
    }
  }
}
