package io.assay.web.jobs;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A question as submitted through the form, the REST API or the CLI; validated at the edge.
 *
 * @param dataset the dataset asked about; blank for the server's default
 * @param delivery channel specs: {@code file:/dir}, {@code webhook:https://...}, {@code
 *     slack:https://...}, {@code dingtalk:https://...}, {@code email:someone@example.com}
 */
public record JobSubmission(
    @NotBlank(message = "Please enter a question.")
        @Pattern(regexp = "[^\\x00]*", message = "NUL characters are not accepted.")
        String question,
    @Size(max = 63, message = "A dataset name has at most 63 characters.") String dataset,
    ApprovalMode approvalMode,
    @Min(value = 1, message = "The approval timer must be at least 1 second.")
        @Max(value = 604_800, message = "The approval timer can be at most 7 days.")
        Long approvalTimeoutSeconds,
    @Size(max = 10, message = "At most 10 delivery targets.")
        List<
                @Pattern(
                    regexp = "(file|webhook|slack|dingtalk|email):\\S+",
                    message =
                        "A delivery target looks like file:/path, webhook:https://..., slack:https://..., dingtalk:https://... or email:name@host")
                String>
            delivery,
    @Size(max = 4000, message = "The hint can be at most 4000 characters.")
        @Pattern(regexp = "[^\\x00]*", message = "NUL characters are not accepted.")
        String hint) {

  public JobSubmission {
    // Blank means the server's default dataset; JobService checks the name against those served.
    dataset = dataset == null || dataset.isBlank() ? null : dataset.strip();
    approvalMode = approvalMode == null ? ApprovalMode.REQUIRE : approvalMode;
    approvalTimeoutSeconds = approvalTimeoutSeconds == null ? 300L : approvalTimeoutSeconds;
    delivery =
        delivery == null
            ? List.of()
            : delivery.stream().filter(d -> d != null && !d.isBlank()).map(String::strip).toList();
  }

  /** Questions are bounded in bytes, not characters, so the limit holds for any script. */
  @AssertTrue(message = "The question is too long (the limit is 10 kB).")
  public boolean isQuestionWithinLimit() {
    return question == null
        || question.getBytes(StandardCharsets.UTF_8).length <= JobRequest.MAX_QUESTION_BYTES;
  }

  JobRequest toRequest(String jobId, String owner, List<ChannelSpec> channels, String dataset) {
    return new JobRequest(
        jobId,
        question.strip(),
        dataset,
        owner,
        approvalMode,
        approvalTimeoutSeconds,
        channels,
        hint);
  }
}
