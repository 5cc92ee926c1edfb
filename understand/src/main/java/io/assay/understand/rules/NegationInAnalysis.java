package io.assay.understand.rules;

import io.assay.pick.Filter;

/**
 * An analysis reads its metric with the frame's plain filters; a "never / no such rows" condition
 * would be lost on the way, so such a question is not run rather than run without it.
 */
final class NegationInAnalysis implements Rule {

  @Override
  public void apply(Draft d) {
    if (d.related.stream().anyMatch(Filter.Exists::negated) && !d.analyses.isEmpty()) {
      d.problem("a negation inside an analysis question is not supported yet");
    }
  }
}
