package io.assay.understand.rules;

import io.assay.understand.AnalysisCue;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Scan;

/** "forecast the next 6 months": how far ahead a forecast looks. */
final class Horizon implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i + 2 < d.items.size(); i++) {
      if (d.at(i) instanceof Cue c
          && c.kind() == Kind.ANALYSIS
          && c.analysis() == AnalysisCue.FORECAST
          && d.at(i + 1) instanceof Scan.Number n
          && d.at(i + 2) instanceof Cue g
          && g.kind() == Kind.GRAIN
          && n.value().scale() <= 0
          && n.value().signum() > 0
          && n.value().intValue() <= 60) {
        d.horizon = n.value().intValue();
        d.use(n);
        d.note(
            "'"
                + c.text()
                + " "
                + n.text()
                + " "
                + g.text()
                + "' → forecast "
                + d.horizon
                + " "
                + g.grain().name().toLowerCase()
                + "s ahead");
      }
    }
  }
}
