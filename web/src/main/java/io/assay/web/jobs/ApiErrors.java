package io.assay.web.jobs;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Maps API failures to RFC 7807 problem details a client can act on. */
@RestControllerAdvice(assignableTypes = JobApiController.class)
class ApiErrors {

  @ExceptionHandler(JobActionRejected.class)
  ProblemDetail rejected(JobActionRejected e) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
    problem.setTitle("Action rejected");
    return problem;
  }

  @ExceptionHandler(InvalidSubmission.class)
  ProblemDetail invalidSubmission(InvalidSubmission e) {
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
    problem.setTitle("Invalid submission");
    problem.setProperty("fields", Map.of(e.field(), e.getMessage()));
    return problem;
  }

  @ExceptionHandler(MethodArgumentNotValidException.class)
  ProblemDetail invalid(MethodArgumentNotValidException e) {
    Map<String, String> fields = new LinkedHashMap<>();
    e.getBindingResult()
        .getFieldErrors()
        .forEach(f -> fields.putIfAbsent(f.getField(), f.getDefaultMessage()));
    e.getBindingResult()
        .getGlobalErrors()
        .forEach(g -> fields.putIfAbsent(g.getObjectName(), g.getDefaultMessage()));
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, String.join(" ", fields.values()));
    problem.setTitle("Invalid submission");
    problem.setProperty("fields", fields);
    return problem;
  }
}
