package io.assay.report.words;

import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.Decision;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job's state and the reading's decision as people say them ("waiting for approval", "a plan of
 * analyses"): the one mapping every page, message and the CLI's prose use, so that no one reads
 * {@code AWAITING_APPROVAL}. The enum names stay what the API and the page's data attributes carry.
 */
public final class StateWords {
  /** A state's name where a text quotes it ("… while the job is EXECUTING"). */
  private static final Pattern STATE_NAME;

  static {
    StringBuilder names = new StringBuilder();
    for (JobState s : JobState.values()) {
      names.append(names.isEmpty() ? "" : "|").append(s.name());
    }
    STATE_NAME = Pattern.compile("\\b(" + names + ")\\b");
  }

  /** Upper-case stage names joined by arrows, then a colon, at the start of a reason. */
  private static final Pattern MACHINE_PATH =
      Pattern.compile("^[A-Z][A-Z_]*(?: → [A-Z][A-Z_]*)*: ");

  private StateWords() {}

  /** "waiting for approval", "running", "failed"; lower case, to stand inside a sentence. */
  public static String of(JobState state) {
    if (state == null) {
      return "";
    }
    return switch (state) {
      case RECEIVED -> "received";
      case UNDERSTANDING -> "reading the question";
      case CLARIFICATION_REQUIRED -> "waiting for an answer";
      case PLANNED -> "planned";
      case AWAITING_APPROVAL -> "waiting for approval";
      case EXECUTING -> "running";
      case VERIFYING -> "checking the evidence";
      case REPORTING -> "writing the report";
      case DELIVERING -> "delivering the report";
      case COMPLETED -> "completed";
      case FAILED -> "failed";
      case CANCELLED -> "cancelled";
    };
  }

  /**
   * A state the API or a store named ("AWAITING_APPROVAL") as people say it; null when the name is
   * no state.
   */
  public static String named(String name) {
    for (JobState s : JobState.values()) {
      if (s.name().equals(name)) {
        return of(s);
      }
    }
    return null;
  }

  /** A delivery receipt's status as people say it: "confirmed", "not confirmed yet". */
  public static String of(ReceiptStatus status) {
    if (status == null) {
      return "";
    }
    return switch (status) {
      case PENDING -> "not confirmed yet";
      case CONFIRMED -> "confirmed";
    };
  }

  /**
   * What a channel's receipt says, short of when it was confirmed (a page shows that time in the
   * reader's zone): what the channel answered ("written to /srv/reports/job-1", "HTTP 200"), or
   * that it is not confirmed yet, after how many attempts and why.
   */
  public static String of(Receipt receipt) {
    if (receipt.confirmed()) {
      return receipt.detail() == null || receipt.detail().isBlank()
          ? of(receipt.status())
          : receipt.detail();
    }
    String attempts = receipt.attempts() == 1 ? "1 attempt" : receipt.attempts() + " attempts";
    return of(receipt.status())
        + (receipt.attempts() > 0 ? " after " + attempts : "")
        + (receipt.lastError() == null || receipt.lastError().isBlank()
            ? ""
            : ": " + receipt.lastError());
  }

  /** What the reading of the question decided, as a phrase: "a plan of analyses". */
  public static String of(Decision decision) {
    if (decision == null) {
      return "";
    }
    return switch (decision) {
      case DIRECT_ANSWER -> "a direct answer";
      case PLAN -> "a plan of analyses";
      case CLARIFICATION_REQUIRED -> "a question back to you";
      case ERROR -> "cannot be answered";
    };
  }

  /**
   * The reading's reason without the path its state machine took ("RECEIVED → READ → … → DECIDED:
   * asks for anomaly and drill down: …" → "asks for anomaly and drill down: …"): the path is for
   * whoever debugs the reader, and the history page keeps it.
   */
  public static String reason(String decisionReason) {
    if (decisionReason == null) {
      return null;
    }
    return MACHINE_PATH.matcher(decisionReason).replaceFirst("");
  }

  /** {@code text} with every job state it names in words ("while the job is running"). */
  public static String inText(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    Matcher m = STATE_NAME.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(of(JobState.valueOf(m.group(1)))));
    }
    m.appendTail(out);
    return out.toString();
  }
}
