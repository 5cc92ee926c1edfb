package io.assay.web.jobs;

import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Why a job is cancelled; optional. */
public record CancelBody(
    @Size(max = 1000, message = "A cancel reason is at most 1000 characters.")
        @Pattern(regexp = "[^\\x00]*", message = "NUL characters are not accepted.")
        String reason) {}
