package io.assay.analyses.compare;

import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** "1997 versus 1996": the later period compared with the earlier, whatever the word order. */
final class ComparePlanning {
  private ComparePlanning() {}

  static final PlannerEntry ENTRY =
      new PlannerEntry(20, "the question compares periods", ComparePlanning::step);

  private static PlanStep step(Asked asked) {
    if (asked.periods().isEmpty()) {
      throw new PlanningException("a comparison needs a period ('1997 versus 1996')");
    }
    List<Asked.Span> sorted = new ArrayList<>(asked.periods());
    sorted.sort(Comparator.comparing(Asked.Span::from));
    Asked.Span current = sorted.get(sorted.size() - 1);
    // One period named: it is compared with the one before it.
    Asked.Span baseline = sorted.size() >= 2 ? sorted.get(sorted.size() - 2) : current.before();
    String groupBy = asked.groupBy().isEmpty() ? null : asked.groupBy().get(0).toString();
    return new PlanStep(
        ComparePeriods.NAME,
        new ComparePlanArgs(
            asked.metric(), baseline.time(), current.time(), asked.filtersArg(), groupBy, null),
        "compare " + asked.metric() + " in " + current + " with " + baseline,
        null);
  }
}
