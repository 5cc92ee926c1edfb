package io.assay.evals.incidents;

import io.assay.algorithms.forecast.Forecaster;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisRunner;
import io.assay.analyses.EventSink;
import io.assay.analyses.Heartbeat;
import io.assay.analyses.Warehouse;
import io.assay.contract.finding.Finding;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.store.ArtifactStore;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs an approved plan's steps in order, as the job workflow does: each step's analysis with the
 * job's context, its fallback when the step found nothing usable, a failed step recorded and the
 * next one run.
 */
final class PlanRun {
  /** A step's outcome: the finding, or the error that stopped it. */
  record StepOutcome(PlanStep step, Finding finding, String error, double millis) {}

  private PlanRun() {}

  static List<StepOutcome> run(
      Plan plan,
      String question,
      String jobId,
      AnalysisRunner runner,
      Warehouse warehouse,
      ArtifactStore artifacts,
      Forecaster forecaster) {
    List<StepOutcome> out = new ArrayList<>();
    for (int i = 0; i < plan.steps().size(); i++) {
      PlanStep step = plan.steps().get(i);
      AnalysisContext ctx =
          new AnalysisContext(
              jobId,
              i,
              warehouse,
              artifacts,
              EventSink.NONE,
              forecaster,
              List.of(),
              Heartbeat.NONE);
      long t0 = System.nanoTime();
      StepOutcome o = once(step, question, runner, ctx);
      if ((o.finding() == null || o.finding().empty()) && step.fallback() != null) {
        StepOutcome second = once(step.fallback(), question, runner, ctx);
        if (second.finding() != null) {
          o = second;
        }
      }
      out.add(new StepOutcome(o.step(), o.finding(), o.error(), (System.nanoTime() - t0) / 1e6));
    }
    return out;
  }

  private static StepOutcome once(
      PlanStep step, String question, AnalysisRunner runner, AnalysisContext ctx) {
    try {
      return new StepOutcome(
          step, runner.run(step.analysis(), step.args(), question, ctx), null, 0);
    } catch (RuntimeException e) {
      return new StepOutcome(step, null, e.getClass().getSimpleName() + ": " + e.getMessage(), 0);
    }
  }
}
