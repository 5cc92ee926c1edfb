package io.assay.workflows.job;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.monitor.AlertDecision;
import io.assay.contract.monitor.AlertRule;
import io.assay.contract.monitor.MonitorActivities;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningActivities;
import io.assay.contract.plan.Understanding;
import io.assay.contract.report.ReportRef;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.contract.workflow.AnalysisStepWorkflow;
import io.assay.contract.workflow.CancelCommand;
import io.assay.contract.workflow.EditCommand;
import io.assay.contract.workflow.RetryCommand;
import io.assay.contract.workflow.StepOutcome;
import io.assay.contract.workflow.StepRequest;
import io.temporal.activity.ActivityOptions;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.CanceledFailure;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.ChildWorkflowCancellationType;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/** The job's spine. Deterministic: all I/O goes through activities and child workflows. */
public class AnalysisJobWorkflowImpl implements AnalysisJobWorkflow {

  /** Planning calls recon and perhaps an LLM: transient failures retry, bad edits never do. */
  private static final ActivityOptions PLANNING =
      ActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofMinutes(2))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(1))
                  .setBackoffCoefficient(2)
                  .setMaximumInterval(Duration.ofSeconds(30))
                  .setMaximumAttempts(5)
                  .setDoNotRetry(Failures.NON_RETRYABLE)
                  .build())
          .build();

  /**
   * A job's workflow task timeout, for whoever starts one (JobService, a monitor's run). Above the
   * default of 10 s: on a saturated machine a workflow task (with its local activities) can take
   * longer, and a timed-out task is redone from the start.
   */
  public static final Duration JOB_TASK_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Change id for {@link Workflow#getVersion}: version 1 starts the step children with {@link
   * #JOB_TASK_TIMEOUT} as their workflow task timeout instead of the 10 s default, for the same
   * reason as the job's own.
   */
  static final String STEP_TASK_TIMEOUT = "step-task-timeout";

  /** Change id for {@link Workflow#getVersion}: no state_changed event from a state to itself. */
  private static final String NO_SELF_TRANSITION = "no-self-transition-event";

  /** Change id for {@link Workflow#getVersion}: delivery runs in a cancellation scope. */
  private static final String CANCELLABLE_DELIVERY = "cancellable-delivery";

  private final PlanningActivities planning =
      Workflow.newActivityStub(PlanningActivities.class, PLANNING);

  /**
   * Reading the question on the deterministic path takes milliseconds: as a local activity it costs
   * no activity task and no workflow task round trip through the service. The same budget and
   * retries as {@link #PLANNING}; a slow model reading keeps the workflow task alive by heartbeat.
   */
  private static final LocalActivityOptions LOCAL_PLANNING =
      LocalActivityOptions.newBuilder()
          .setStartToCloseTimeout(PLANNING.getStartToCloseTimeout())
          .setRetryOptions(PLANNING.getRetryOptions())
          .build();

  private final PlanningActivities localPlanning =
      Workflow.newLocalActivityStub(PlanningActivities.class, LOCAL_PLANNING);

  /** Change id for {@link Workflow#getVersion}: version 1 reads the question locally. */
  private static final String LOCAL_UNDERSTANDING = "local-understanding";

  /**
   * Change id for {@link Workflow#getVersion}: version 1 runs a monitor's run (a request carrying a
   * monitor and its approved plan) without understanding or approval, and decides by the monitor's
   * alert rule whether the report is delivered. Only monitor runs read it, so the histories of
   * other jobs are unchanged.
   */
  private static final String MONITOR_RUN = "monitor-run";

  /** The alert decision reads the job's stored scan: a quick database read, retried briefly. */
  private final MonitorActivities monitors =
      Workflow.newActivityStub(
          MonitorActivities.class,
          ActivityOptions.newBuilder()
              .setStartToCloseTimeout(Duration.ofMinutes(1))
              .setRetryOptions(
                  RetryOptions.newBuilder()
                      .setInitialInterval(Duration.ofSeconds(1))
                      .setMaximumInterval(Duration.ofSeconds(20))
                      .setMaximumAttempts(5)
                      .build())
              .build());

  /**
   * Change id for {@link Workflow#getVersion}: version 1 skips the snapshot writes of transitions a
   * job passes through without waiting (see {@link #passThrough}); their events are still written,
   * in order, with the next snapshot.
   */
  private static final String FEWER_SNAPSHOTS = "fewer-snapshot-writes";

  private final JobRecorder recorder = new JobRecorder(this::progress);
  private final JobFinisher finisher = new JobFinisher();

  private JobRequest request;
  private JobState state = JobState.RECEIVED;
  private Decision decision;
  private String decisionReason;
  private Plan plan;
  private final List<StepStatus> steps = new ArrayList<>();
  private final List<Finding> findings = new ArrayList<>();
  private final List<ClarificationAnswer> answers = new ArrayList<>();
  private final List<PlanEditRecord> edits = new ArrayList<>();
  private final Deque<Integer> retries = new ArrayDeque<>();
  private final List<String> receipts = new ArrayList<>();
  private Clarification pendingClarification;
  private Integer clarifyingStep;
  private String approvedBy;
  private String currentStep;
  private String lastError;
  private int nextStep;
  private boolean cancelled;
  private String cancelledBy = "";
  private CancellationScope runningStep;
  private CancellationScope deliveryScope;
  private Boolean monitorRun;
  private Boolean fewerSnapshots;
  private String alert;

  @Override
  public JobProgress run(JobRequest request) {
    this.request = request;
    passThrough(JobState.RECEIVED);
    event("job_received", Map.of("question", request.question(), "owner", request.owner()));

    Understanding understanding = monitorRun() ? presetPlan() : understand();
    if (cancelled) {
      return finishCancelled();
    }
    if (understanding.decision() == Decision.ERROR) {
      return fail(understanding.error());
    }
    plan = understanding.plan();
    resetSteps(0);
    passThrough(JobState.PLANNED);
    event("plan_ready", Map.of("steps", plan.steps().size(), "reason", plan.reason()));

    awaitApproval();
    if (cancelled) {
      return finishCancelled();
    }

    passThrough(JobState.EXECUTING);
    execute();
    if (cancelled) {
      return finishCancelled();
    }
    if (steps.stream().noneMatch(s -> s.status() == StepState.DONE)) {
      return fail("No step produced a finding: " + firstStepError());
    }

    List<Finding> produced = producedFindings();
    passThrough(JobState.VERIFYING);
    List<String> unaccepted = finisher.verify(request.jobId(), produced);
    event("evidence_verified", Map.of("findings", produced.size(), "unaccepted", unaccepted));

    transition(JobState.REPORTING);
    ReportRef report;
    try {
      report = finisher.report(request, plan, edits, steps, produced);
    } catch (ActivityFailure e) {
      return fail("The report could not be frozen: " + Failures.message(e));
    }
    event(
        "report_frozen",
        Map.of(
            "bodySha256",
            report.bodySha256(),
            "facts",
            report.facts(),
            "repairs",
            report.repairs()));

    if (monitorRun() && !alerts()) {
      currentStep = null;
      transition(JobState.COMPLETED);
      return progress();
    }

    passThrough(JobState.DELIVERING);
    // Version 1 delivers inside a cancellation scope: a cancel stops the retries of a channel
    // that never answers and ends the job CANCELLED, keeping the receipts of what was delivered.
    boolean cancellable =
        Workflow.getVersion(CANCELLABLE_DELIVERY, Workflow.DEFAULT_VERSION, 1) == 1;
    String[] rejected = {null};
    if (cancellable) {
      deliveryScope = Workflow.newCancellationScope(() -> rejected[0] = deliverAll(report, true));
      try {
        deliveryScope.run();
      } catch (CanceledFailure e) {
        // cancelled between two channels; handled below
      }
      if (cancelled && receipts.size() < request.delivery().size()) {
        return finishCancelled();
      }
    } else {
      rejected[0] = deliverAll(report, false);
    }
    if (rejected[0] != null) {
      return fail(rejected[0]);
    }
    currentStep = null;
    transition(JobState.COMPLETED);
    return progress();
  }

  /** Delivers to every channel in order; returns why one was rejected, or null. */
  private String deliverAll(ReportRef report, boolean stopOnCancel) {
    for (ChannelSpec channel : request.delivery()) {
      if (stopOnCancel && cancelled) {
        return null;
      }
      currentStep = "deliver to " + channel.name();
      record();
      try {
        Receipt receipt = finisher.deliver(request.jobId(), channel, report);
        receipts.add(channel.name() + ": " + receipt.status() + " " + receipt.contentSha256());
        event(
            "delivered",
            Map.of(
                "channel",
                channel.name(),
                "kind",
                channel.kind(),
                "contentSha256",
                nullToEmpty(receipt.contentSha256())));
      } catch (ActivityFailure e) {
        if (stopOnCancel && cancelled) {
          return null;
        }
        return "Delivery to " + channel.name() + " was rejected: " + Failures.message(e);
      }
    }
    return null;
  }

  /** A monitor's run repeats the plan a person approved on the monitor's job: no understanding. */
  private Understanding presetPlan() {
    transition(JobState.UNDERSTANDING);
    decision = Decision.PLAN;
    decisionReason =
        "Run of monitor "
            + request.monitor().monitorId()
            + ": the approved plan of the job it was created from"
            + (request.monitor().window().isBlank() ? "" : ", over " + request.monitor().window());
    event("decision", Map.of("decision", decision.name(), "reason", decisionReason));
    return Understanding.plan(Decision.PLAN, decisionReason, request.plan());
  }

  /**
   * The monitor's alert rule: with "latest period flagged" the run alerts only when trend_anomaly
   * flagged the latest period of its window; a run that does not alert completes without delivering
   * and says why.
   */
  private boolean alerts() {
    AlertDecision decided;
    if (request.monitor().alertRule() == AlertRule.ALWAYS) {
      decided = new AlertDecision(true, "the monitor delivers every run");
    } else {
      try {
        decided = monitors.alertDecision(request.jobId());
      } catch (ActivityFailure e) {
        // Deliver rather than stay silent when the decision itself could not be made.
        decided = new AlertDecision(true, "the alert check failed: " + Failures.message(e));
      }
    }
    alert = (decided.alert() ? "alert: " : JobProgress.NO_ALERT + ": ") + decided.reason();
    event("alert_decided", Map.of("alert", decided.alert(), "reason", decided.reason()));
    return decided.alert();
  }

  private boolean monitorRun() {
    if (monitorRun == null) {
      monitorRun =
          request.monitor() != null
              && request.plan() != null
              && Workflow.getVersion(MONITOR_RUN, Workflow.DEFAULT_VERSION, 1) == 1;
    }
    return monitorRun;
  }

  private Understanding understand() {
    while (true) {
      transition(JobState.UNDERSTANDING);
      boolean local = Workflow.getVersion(LOCAL_UNDERSTANDING, Workflow.DEFAULT_VERSION, 1) == 1;
      Understanding u =
          (local ? localPlanning : planning).understand(request, List.copyOf(answers));
      decision = u.decision();
      decisionReason = u.reason();
      event("decision", Map.of("decision", u.decision().name(), "reason", nullToEmpty(u.reason())));
      if (u.decision() != Decision.CLARIFICATION_REQUIRED) {
        return u;
      }
      pendingClarification = u.clarification();
      transition(JobState.CLARIFICATION_REQUIRED);
      event(
          "clarification_asked",
          Map.of("id", u.clarification().id(), "question", u.clarification().question()));
      int answered = answers.size();
      flushEvents();
      Workflow.await(() -> answers.size() > answered || cancelled);
      pendingClarification = null;
      if (cancelled) {
        return u;
      }
    }
  }

  private void awaitApproval() {
    ApprovalMode mode = request.approvalMode();
    if (monitorRun()) {
      approvedBy = "monitor " + request.monitor().monitorId() + " (its plan was approved before)";
    } else if (mode == ApprovalMode.AUTO) {
      approvedBy = "auto-approve";
    } else {
      transition(JobState.AWAITING_APPROVAL);
      if (mode == ApprovalMode.REQUIRE) {
        Workflow.await(() -> approvedBy != null || cancelled);
      } else {
        Duration wait = Duration.ofSeconds(Math.max(1, request.approvalTimeoutSeconds()));
        boolean decided = Workflow.await(wait, () -> approvedBy != null || cancelled);
        if (!decided) {
          approvedBy = "approval timer (" + wait.toSeconds() + " s)";
        }
      }
    }
    if (!cancelled) {
      event("plan_approved", Map.of("by", approvedBy));
    }
  }

  private void execute() {
    while (!cancelled && (nextStep < plan.steps().size() || !retries.isEmpty())) {
      int index = nextStep < plan.steps().size() ? nextStep++ : retries.removeFirst();
      runStep(index);
    }
    currentStep = null;
  }

  private void runStep(int index) {
    PlanStep step = plan.steps().get(index);
    String childId = AnalysisStepWorkflow.id(request.jobId(), index, step.analysis());
    currentStep = step.analysis();
    steps.set(index, steps.get(index).with(StepState.RUNNING, null, null));
    event(
        "step_started", Map.of("index", index, "analysis", step.analysis(), "workflowId", childId));
    record();

    ChildWorkflowOptions.Builder options =
        ChildWorkflowOptions.newBuilder()
            .setWorkflowId(childId)
            .setCancellationType(ChildWorkflowCancellationType.WAIT_CANCELLATION_COMPLETED);
    if (Workflow.getVersion(STEP_TASK_TIMEOUT, Workflow.DEFAULT_VERSION, 1) == 1) {
      options.setWorkflowTaskTimeout(JOB_TASK_TIMEOUT);
    }
    AnalysisStepWorkflow child =
        Workflow.newChildWorkflowStub(AnalysisStepWorkflow.class, options.build());
    StepOutcome[] outcome = new StepOutcome[1];
    String[] error = new String[1];
    runningStep =
        Workflow.newCancellationScope(
            () -> {
              try {
                outcome[0] =
                    child.run(new StepRequest(request.jobId(), index, step, request.question()));
              } catch (ChildWorkflowFailure e) {
                error[0] = Failures.message(e);
              }
            });
    try {
      runningStep.run();
    } catch (CanceledFailure e) {
      error[0] = "cancelled";
    }
    runningStep = null;

    StepStatus status = steps.get(index);
    if (cancelled) {
      steps.set(index, status.with(StepState.CANCELLED, null, "cancelled by " + cancelledBy));
    } else if (outcome[0] == null || outcome[0].finding() == null) {
      String why =
          error[0] != null
              ? error[0]
              : outcome[0] == null ? "no outcome" : outcome[0].primaryError();
      lastError = "step " + (index + 1) + " (" + step.analysis() + "): " + why;
      steps.set(index, status.with(StepState.FAILED, null, why));
      // The report says why this step has no answer: a failed Finding carries the reason.
      Finding failed =
          Finding.builder(childId, step.analysis())
              .goal(step.why())
              .error(why)
              .build(FindingStatus.FAILED);
      findings.set(index, failed);
      finisher.record(request.jobId(), failed);
    } else {
      Finding finding = outcome[0].finding();
      findings.set(index, finding);
      finisher.record(request.jobId(), finding);
      StepState result = finding.empty() ? StepState.EMPTY : StepState.DONE;
      steps.set(
          index,
          new StepStatus(
              index,
              step.analysis(),
              result,
              finding.headline(),
              outcome[0].usedFallback(),
              outcome[0].primaryError(),
              childId));
      if (outcome[0].usedFallback()) {
        event(
            "fallback_used",
            Map.of("index", index, "primaryError", nullToEmpty(outcome[0].primaryError())));
      }
    }
    event(
        "step_finished",
        Map.of(
            "index",
            index,
            "status",
            steps.get(index).status(),
            "summary",
            nullToEmpty(steps.get(index).summary())));
    // The next step's start, the verification's report or the end of the job writes it.
    if (!fewerSnapshots()) {
      record();
    }
  }

  // ---- people steering the job ----

  @Override
  public JobProgress approvePlan(String by) {
    approvedBy = by;
    return progress();
  }

  @Override
  public void validateApprove(String by) {
    SteeringChecks.requireState("approve the plan", state, JobState.AWAITING_APPROVAL);
    SteeringChecks.requireText(by, "approver");
  }

  @Override
  public Plan editPlan(EditCommand command) {
    Plan edited;
    try {
      edited = planning.applyEdit(plan, command.edit());
    } catch (ActivityFailure e) {
      throw ApplicationFailure.newNonRetryableFailure(Failures.message(e), "InvalidPlanEdit");
    }
    // The plan may have moved on while the edit was validated; re-check before applying.
    validateEdit(command);
    plan = edited;
    resetSteps(nextStep);
    String description = PlanEdits.describe(command.edit());
    edits.add(
        new PlanEditRecord(
            command.by(),
            Instant.ofEpochMilli(Workflow.currentTimeMillis()).toString(),
            command.edit(),
            description));
    event("edit_applied", Map.of("by", command.by(), "edit", description));
    record();
    return plan;
  }

  @Override
  public void validateEdit(EditCommand command) {
    SteeringChecks.edit(command, state, plan.steps().size(), steps, nextStep, retries);
  }

  @Override
  public JobProgress answerClarification(ClarificationAnswer answer) {
    event(
        "clarification_answered",
        Map.of("id", answer.clarificationId(), "value", answer.value(), "by", answer.answeredBy()));
    if (clarifyingStep != null) {
      int index = clarifyingStep;
      PlanStep step = plan.steps().get(index);
      Workflow.newExternalWorkflowStub(
              AnalysisStepWorkflow.class,
              AnalysisStepWorkflow.id(request.jobId(), index, step.analysis()))
          .answer(answer);
      steps.set(index, steps.get(index).with(StepState.RUNNING, null, null));
      clarifyingStep = null;
      pendingClarification = null;
      transition(JobState.EXECUTING);
    } else {
      answers.add(answer);
      flushEvents();
    }
    return progress();
  }

  @Override
  public void validateAnswer(ClarificationAnswer answer) {
    SteeringChecks.answer(pendingClarification, answer);
  }

  @Override
  public JobProgress retryStep(RetryCommand command) {
    retries.addLast(command.stepIndex());
    steps.set(
        command.stepIndex(), steps.get(command.stepIndex()).with(StepState.PENDING, null, null));
    event("step_retry_requested", Map.of("index", command.stepIndex(), "by", command.by()));
    record();
    return progress();
  }

  @Override
  public void validateRetry(RetryCommand command) {
    SteeringChecks.retry(command, state, steps, retries);
  }

  @Override
  public void cancel(CancelCommand command) {
    if (state.terminal() || cancelled) {
      return;
    }
    cancelled = true;
    cancelledBy = command == null || command.by() == null ? "unknown" : command.by();
    lastError =
        "cancelled by "
            + cancelledBy
            + (command != null && command.reason() != null && !command.reason().isBlank()
                ? ": " + command.reason()
                : "");
    if (runningStep != null) {
      runningStep.cancel(lastError);
    }
    if (deliveryScope != null) {
      deliveryScope.cancel(lastError);
    }
  }

  @Override
  public void stepNeedsClarification(int stepIndex, Clarification clarification) {
    clarifyingStep = stepIndex;
    pendingClarification = clarification;
    steps.set(stepIndex, steps.get(stepIndex).with(StepState.WAITING, null, null));
    event(
        "clarification_asked",
        Map.of("id", clarification.id(), "question", clarification.question(), "step", stepIndex));
    transition(JobState.CLARIFICATION_REQUIRED);
  }

  @Override
  public JobProgress progress() {
    int total = plan == null ? 0 : plan.steps().size();
    int done =
        (int)
            steps.stream()
                .filter(
                    s ->
                        s.status() != StepState.PENDING
                            && s.status() != StepState.RUNNING
                            && s.status() != StepState.WAITING)
                .count();
    return new JobProgress(
        request == null ? null : request.jobId(),
        state,
        currentStep,
        done,
        total,
        lastError,
        decision,
        decisionReason,
        plan,
        steps,
        pendingClarification,
        edits,
        approvedBy,
        receipts,
        alert);
  }

  // ---- helpers ----

  private void transition(JobState next) {
    transition(next, false);
  }

  /**
   * A transition the job passes through without waiting: from version 1 of {@link #FEWER_SNAPSHOTS}
   * its snapshot is not written, as the next write (which comes before the job waits for an
   * activity, a child, a person or its end, and carries every event kept since) would replace it at
   * once.
   */
  private void passThrough(JobState next) {
    transition(next, true);
  }

  private void transition(JobState next, boolean passing) {
    JobState previous = state;
    state = next;
    // Version 1 stopped announcing RECEIVED -> RECEIVED when a job starts; histories recorded
    // before it (kept as v0-* replay fixtures) still replay with the old behaviour.
    int version = Workflow.getVersion(NO_SELF_TRANSITION, Workflow.DEFAULT_VERSION, 1);
    boolean announceStart = version == Workflow.DEFAULT_VERSION && next == JobState.RECEIVED;
    if (previous != next || announceStart) {
      event("state_changed", Map.of("from", previous.name(), "to", next.name()));
    }
    if (!passing || !fewerSnapshots()) {
      record();
    }
  }

  private boolean fewerSnapshots() {
    if (fewerSnapshots == null) {
      fewerSnapshots = Workflow.getVersion(FEWER_SNAPSHOTS, Workflow.DEFAULT_VERSION, 1) == 1;
    }
    return fewerSnapshots;
  }

  private void record() {
    recorder.record();
  }

  private void event(String type, Map<String, Object> payload) {
    recorder.event(request.jobId(), type, payload);
  }

  private void flushEvents() {
    recorder.flushEvents();
  }

  private JobProgress fail(String reason) {
    lastError = reason;
    currentStep = null;
    transition(JobState.FAILED);
    return progress();
  }

  private JobProgress finishCancelled() {
    currentStep = null;
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i).status() == StepState.PENDING) {
        steps.set(i, steps.get(i).with(StepState.CANCELLED, null, null));
      }
    }
    transition(JobState.CANCELLED);
    return progress();
  }

  private void resetSteps(int keep) {
    List<StepStatus> kept = new ArrayList<>(steps.subList(0, Math.min(keep, steps.size())));
    List<Finding> keptFindings =
        new ArrayList<>(findings.subList(0, Math.min(keep, findings.size())));
    steps.clear();
    findings.clear();
    steps.addAll(kept);
    findings.addAll(keptFindings);
    for (int i = kept.size(); i < plan.steps().size(); i++) {
      PlanStep s = plan.steps().get(i);
      steps.add(
          new StepStatus(
              i,
              s.analysis(),
              StepState.PENDING,
              null,
              false,
              null,
              AnalysisStepWorkflow.id(request.jobId(), i, s.analysis())));
      findings.add(null);
    }
  }

  /** Every step's Finding, answered or not: the report says what each step found or why not. */
  private List<Finding> producedFindings() {
    return findings.stream().filter(f -> f != null).toList();
  }

  private String firstStepError() {
    return steps.stream()
        .map(StepStatus::error)
        .filter(e -> e != null && !e.isBlank())
        .findFirst()
        .orElse("every step came back empty");
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }
}
