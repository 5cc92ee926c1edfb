package io.assay.web.jobs;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** An answer to a job's open clarification, as the API takes it. */
public record AnswerBody(
    @NotBlank(message = "Name the clarification you answer.")
        @Size(max = 200, message = "A clarification id is at most 200 characters.")
        String clarificationId,
    @NotBlank(message = "Give an answer.")
        @Size(max = 2000, message = "An answer is at most 2000 characters.")
        @Pattern(regexp = "[^\\x00]*", message = "NUL characters are not accepted.")
        String value) {}
