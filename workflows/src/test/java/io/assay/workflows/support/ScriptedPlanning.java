package io.assay.workflows.support;

import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningActivities;
import io.assay.contract.plan.Understanding;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plans from the question text: "ambiguous" asks which volume is meant; otherwise the question
 * lists the analyses to run, e.g. "ok then fail_twice". Edits naming an analysis outside the known
 * set are rejected the way the real planner rejects them.
 */
public class ScriptedPlanning implements PlanningActivities {
  public static final Set<String> KNOWN =
      Set.of("ok", "fail_twice", "invalid", "empty", "slow", "ask", "trend_anomaly", "drill_down");

  @Override
  public Understanding understand(JobRequest request, List<ClarificationAnswer> answers) {
    String q = request.question();
    if (q.contains("ambiguous") && answers.isEmpty()) {
      return Understanding.ask(
          "'volume' can mean a count or an amount",
          new Clarification(
              "volume",
              "metric",
              "By volume, do you mean the number of withdrawals or their amount?",
              List.of(
                  new Clarification.Option("withdrawal_count", "number of withdrawals"),
                  new Clarification.Option("withdrawal_amount", "amount withdrawn"))));
    }
    if (q.contains("inexpressible")) {
      return Understanding.error(
          "no metric matches", "No metric of dataset financial matches 'happiness'.");
    }
    List<PlanStep> steps =
        java.util.Arrays.stream(q.split(" "))
            .filter(KNOWN::contains)
            .map(
                a ->
                    new PlanStep(
                        a,
                        answers.isEmpty() ? Map.of() : Map.of("metric", answers.get(0).value()),
                        "scripted",
                        a.equals("invalid") || a.equals("empty")
                            ? new PlanStep("ok", Map.of(), "fallback", null)
                            : null))
            .toList();
    return Understanding.plan(Decision.PLAN, "scripted", new Plan(steps, "scripted plan"));
  }

  @Override
  public Plan applyEdit(Plan plan, PlanEdit edit) {
    if (edit instanceof PlanEdit.AddStep add && !KNOWN.contains(add.analysis())) {
      throw ApplicationFailure.newNonRetryableFailure(
          "unknown analysis '" + add.analysis() + "'", "InvalidPlanEdit");
    }
    return StructuralEdits.apply(plan, edit);
  }
}
