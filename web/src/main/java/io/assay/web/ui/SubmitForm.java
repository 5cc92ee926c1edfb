package io.assay.web.ui;

import io.assay.contract.job.ApprovalMode;
import io.assay.web.jobs.JobSubmission;
import java.util.Arrays;
import java.util.List;

/**
 * The submit form as typed: text fields stay text until {@link #toSubmission}, so that a number
 * typed wrong gets its own message instead of a conversion error. Validation itself is {@link
 * JobSubmission}'s, the same for the form, the REST API and the CLI.
 */
public class SubmitForm {
  private String question = "";
  private String dataset = "";
  private ApprovalMode approvalMode = ApprovalMode.REQUIRE;
  private String approvalTimeoutSeconds = "300";
  private String delivery = "";
  private String hint = "";

  /** The submission, or null when the approval timer is not a whole number (reported apart). */
  JobSubmission toSubmission() {
    Long timeout = timeoutSeconds();
    if (timeout == null) {
      return null;
    }
    return new JobSubmission(
        question, dataset, approvalMode, timeout, deliveryTargets(), blankToNull(hint));
  }

  /** One delivery target per line; blank lines are ignored. */
  List<String> deliveryTargets() {
    return Arrays.stream(delivery.split("\\R"))
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .toList();
  }

  Long timeoutSeconds() {
    String text = approvalTimeoutSeconds == null ? "" : approvalTimeoutSeconds.strip();
    if (text.isEmpty()) {
      return 300L;
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }

  public String getQuestion() {
    return question;
  }

  public void setQuestion(String question) {
    this.question = question == null ? "" : question;
  }

  public String getDataset() {
    return dataset;
  }

  public void setDataset(String dataset) {
    this.dataset = dataset;
  }

  public ApprovalMode getApprovalMode() {
    return approvalMode;
  }

  public void setApprovalMode(ApprovalMode approvalMode) {
    this.approvalMode = approvalMode == null ? ApprovalMode.REQUIRE : approvalMode;
  }

  public String getApprovalTimeoutSeconds() {
    return approvalTimeoutSeconds;
  }

  public void setApprovalTimeoutSeconds(String approvalTimeoutSeconds) {
    this.approvalTimeoutSeconds = approvalTimeoutSeconds;
  }

  public String getDelivery() {
    return delivery;
  }

  public void setDelivery(String delivery) {
    this.delivery = delivery == null ? "" : delivery;
  }

  public String getHint() {
    return hint;
  }

  public void setHint(String hint) {
    this.hint = hint == null ? "" : hint;
  }
}
