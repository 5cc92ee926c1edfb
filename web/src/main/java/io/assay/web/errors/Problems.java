package io.assay.web.errors;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/** The problem details this application answers with, built in one place. */
public final class Problems {
  private Problems() {}

  /** 400 with a message per field, every field at once. */
  public static ProblemDetail invalid(String detail, Map<String, String> fields) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
    problem.setTitle("Invalid request");
    problem.setProperty("fields", fields);
    return problem;
  }

  public static ProblemDetail tooLarge(long limit) {
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.PAYLOAD_TOO_LARGE,
            "The request body is larger than the limit of " + limit + " bytes.");
    problem.setTitle("Request too large");
    problem.setProperty("limitBytes", limit);
    return problem;
  }
}
