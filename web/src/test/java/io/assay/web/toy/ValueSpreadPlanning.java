package io.assay.web.toy;

import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.PlanStep;

/** "The dispersion of X in 1997": the metric over the asked scope, after every other step. */
final class ValueSpreadPlanning {
  private ValueSpreadPlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(
          100,
          "the question asks how widely the values spread",
          asked ->
              new PlanStep(
                  ValueSpread.NAME,
                  new ValueSpread.PlanArgs(asked.metric(), asked.time(), asked.filtersArg()),
                  "measure how " + asked.metric() + " spreads",
                  null));
}
