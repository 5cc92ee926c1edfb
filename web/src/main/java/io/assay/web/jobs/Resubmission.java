package io.assay.web.jobs;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A failed or cancelled job's question, edited, to run as a new job linked to the old one.
 *
 * @param delivery targets as on submission; the old job's are not reused (they are kept redacted)
 */
public record Resubmission(
    @NotBlank(message = "Please enter a question.")
        @Pattern(regexp = "[^\\x00]*", message = "NUL characters are not accepted.")
        String question,
    @Size(max = 4000, message = "The hint can be at most 4000 characters.")
        @Pattern(regexp = "[^\\x00]*", message = "NUL characters are not accepted.")
        String hint,
    @Size(max = 10, message = "At most 10 delivery targets.") List<String> delivery) {

  public Resubmission {
    delivery = delivery == null ? List.of() : delivery;
  }
}
