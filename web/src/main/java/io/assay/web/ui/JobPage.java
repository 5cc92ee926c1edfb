package io.assay.web.ui;

import io.assay.contract.delivery.Receipt;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Clarification;
import io.assay.report.words.Labels;
import io.assay.report.words.StateWords;
import io.assay.store.JobRecord;
import java.util.List;

/**
 * Everything the job page shows, assembled in one place so that the full page and its live parts
 * render from the same data.
 *
 * @param progress null until the workflow has recorded its first snapshot
 * @param liveKey changes whenever the status, timeline, findings or report change
 * @param planKey changes whenever the plan, its edits, the state or a pending question change
 * @param receipts one per delivery channel: pending while attempts run, then confirmed
 * @param codedColumns columns with code lists, offered when a person excludes a value
 * @param reportSha256 checksum of the frozen report body; null until the report is frozen
 * @param notices messages about the job as a whole (it ran without its configured model)
 * @param decisionReason how the question was read, its raw names and periods in people's words
 * @param lastError why the job or its last step failed, in people's words; null when nothing failed
 */
public record JobPage(
    JobRecord job,
    JobProgress progress,
    JobState state,
    List<StepStatus> timeline,
    List<PlanStepView> plan,
    String planReason,
    List<PlanEditRecord> edits,
    Clarification clarification,
    List<FindingView> findings,
    List<ArtifactInfo> artifacts,
    List<Receipt> receipts,
    String reportSha256,
    List<EventView> events,
    long lastEventId,
    List<String> analyses,
    List<ArgForms.Option> codedColumns,
    String liveKey,
    String planKey,
    List<String> notices,
    String decisionReason,
    String lastError) {

  /** The job's state as people say it: "waiting for approval". */
  public String stateWords() {
    return StateWords.of(state);
  }

  /** What the reading decided, as a phrase ("a plan of analyses"); blank before it decided. */
  public String decisionWords() {
    return progress == null ? "" : StateWords.of(progress.decision());
  }

  /** States in which people may change the plan (pending steps only while executing). */
  public boolean planEditable() {
    return state == JobState.PLANNED
        || state == JobState.AWAITING_APPROVAL
        || state == JobState.EXECUTING;
  }

  /**
   * A step's workflow id ({@code job:0:direct_answer}) as people read it: "step 1 · direct answer",
   * the analysis by its name in {@code labels}; the id itself when it is not a step's.
   */
  public String stepWords(String stepId, Labels labels) {
    return ReportController.stepWords(stepId, labels == null ? Labels.NONE : labels);
  }

  /**
   * A receipt's status in words ("confirmed", "not confirmed yet"), as the monitors page says it.
   */
  public String receiptStatus(Receipt receipt) {
    return io.assay.report.words.StateWords.of(receipt.status());
  }

  public boolean hasReport() {
    return reportSha256 != null;
  }

  public boolean canApprove() {
    return state == JobState.AWAITING_APPROVAL;
  }

  /**
   * Offered where a cancel acts: before and during the steps, while waiting for a person, and
   * during delivery (it stops the retries); verifying and reporting are short and run to the end.
   */
  public boolean canCancel() {
    return !state.terminal() && state != JobState.VERIFYING && state != JobState.REPORTING;
  }

  public boolean canRetry(StepStatus step) {
    return state == JobState.EXECUTING
        && (step.status() == StepState.FAILED || step.status() == StepState.EMPTY);
  }

  /** The share of steps that produced their result; a failed or cancelled step is not done. */
  public int percentDone() {
    if (timeline.isEmpty()) {
      return state == JobState.COMPLETED ? 100 : 0;
    }
    return 100 * count("DONE", "EMPTY") / timeline.size();
  }

  /** The steps in words, failures and cancellations named: "1 of 2 steps done, 1 failed". */
  public String stepsSummary() {
    if (timeline.isEmpty()) {
      return "";
    }
    StringBuilder out =
        new StringBuilder(count("DONE", "EMPTY") + " of " + timeline.size() + " steps done");
    int failed = count("FAILED");
    int cancelled = count("CANCELLED");
    if (failed > 0) {
      out.append(", ").append(failed).append(" failed");
    }
    if (cancelled > 0) {
      out.append(", ").append(cancelled).append(" cancelled");
    }
    return out.toString();
  }

  /** How the bar is drawn: a failed or cancelled job's bar is not shown as a success. */
  public String barClass() {
    return switch (state) {
      case FAILED -> "bar failed";
      case CANCELLED -> "bar cancelled";
      default -> "bar";
    };
  }

  private int count(String... statuses) {
    List<String> wanted = List.of(statuses);
    return (int) timeline.stream().filter(s -> wanted.contains(s.status().name())).count();
  }

  /**
   * One plan step with its arguments as editable JSON and its argument documentation; {@code
   * whyBeforeEdits}: people changed its arguments after the planner wrote its why.
   */
  public record PlanStepView(
      int index,
      String analysis,
      String why,
      String argsJson,
      String fallback,
      String status,
      boolean editable,
      List<ArgHelp> argHelp,
      String title,
      String description,
      List<ArgForms.Field> fields,
      String exampleJson,
      boolean whyBeforeEdits) {

    /** Whether any argument can be said in words (else only its JSON shows it). */
    public boolean hasWords() {
      return fields.stream().anyMatch(f -> !f.inWords().isEmpty());
    }

    /** Whether the form can edit anything (else only the advanced JSON editor can). */
    public boolean hasForm() {
      return fields.stream().anyMatch(f -> !f.kind().equals("json"));
    }

    /** Enough text-area rows to show the arguments without scrolling, within reason. */
    public int rows() {
      return Math.min(24, Math.max(4, (int) argsJson.lines().count() + 1));
    }
  }

  /** What an argument of the step's analysis means, for the person editing it. */
  public record ArgHelp(String name, String type, boolean required, String description) {}

  /** One entry of the job's event stream. */
  public record EventView(long id, String type, String at, String payload, String iso) {
    /** Longest payload shown in the stream; the API's events carry every payload whole. */
    static final int SHOWN = 300;

    public EventView(long id, String type, String at, String payload) {
      this(id, type, at, payload, "");
    }

    /**
     * A payload as the page and its live stream show it: URLs' secrets redacted, and cut short (a
     * query's SQL in every tool call made the stream most of the page's weight).
     */
    static String shown(String payloadJson) {
      String redacted = io.assay.delivery.UrlRedaction.redact(payloadJson);
      return redacted == null || redacted.length() <= SHOWN
          ? redacted
          : redacted.substring(0, SHOWN) + "…";
    }
  }
}
