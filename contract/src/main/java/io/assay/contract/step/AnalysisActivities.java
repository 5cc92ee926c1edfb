package io.assay.contract.step;

import io.assay.contract.finding.Finding;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** Runs one analysis of a plan step: {@code run(args, question) -> Finding}. */
@ActivityInterface
public interface AnalysisActivities {

  /**
   * Runs the analysis named in the call. Large results stay in PostgreSQL as artifacts; the Finding
   * carries summaries, figures and artifact references only. Bad args fail non-retryably.
   */
  @ActivityMethod
  Finding runAnalysis(StepCall call);
}
