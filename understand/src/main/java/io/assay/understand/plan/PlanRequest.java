package io.assay.understand.plan;

import io.assay.pick.Pick;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Frame;
import java.util.Set;

/**
 * What a planner plans from: the question and hint as asked, the Pick the reader understood (the
 * direct answer), the frame (metric, time, grain, filters, groupings, periods) and the analysis
 * cues the question contains ("unusual", "drill down", "forecast").
 */
public record PlanRequest(
    String question, String hint, Pick pick, Frame frame, Set<AnalysisCue> cues) {
  public PlanRequest {
    hint = hint == null ? "" : hint;
    cues = cues == null ? Set.of() : Set.copyOf(cues);
  }
}
