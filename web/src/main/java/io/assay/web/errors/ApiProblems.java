package io.assay.web.errors;

import io.assay.web.jobs.InvalidSubmission;
import io.assay.web.jobs.JobActionRejected;
import io.assay.web.monitor.MonitorsUnavailable;
import jakarta.validation.ConstraintViolationException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every failure of a REST endpoint as an RFC 7807 problem detail a client can act on: the field,
 * what was expected and the allowed values; 409 with the job's state for an action the job no
 * longer accepts; 413 for a body over the limit. Nothing unexpected leaves as a stack trace.
 */
@RestControllerAdvice(annotations = RestController.class)
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class ApiProblems extends ResponseEntityExceptionHandler {
  private static final Logger log = LoggerFactory.getLogger(ApiProblems.class);

  @ExceptionHandler(JobActionRejected.class)
  ProblemDetail rejected(JobActionRejected e) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
    problem.setTitle("Action rejected");
    // The detail is for people; the check's own words (argument and analysis ids) for clients.
    if (e.reason() != null && !e.reason().equals(e.getMessage())) {
      problem.setProperty("reason", e.reason());
    }
    if (e.state() != null) {
      problem.setProperty("state", e.state().name());
    }
    return problem;
  }

  /**
   * 409, not 503: the server is up and will stay unable to run schedules until it is restarted on
   * the real Temporal service, so the request conflicts with how this server runs; it is not a
   * passing outage worth retrying, and no documented request may answer 5xx.
   */
  @ExceptionHandler(MonitorsUnavailable.class)
  ProblemDetail monitorsUnavailable(MonitorsUnavailable e) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
    problem.setTitle("Monitors need Temporal Schedules");
    return problem;
  }

  @ExceptionHandler(InvalidSubmission.class)
  ProblemDetail invalidSubmission(InvalidSubmission e) {
    return Problems.invalid(e.getMessage(), Map.of(e.field(), e.getMessage()));
  }

  @ExceptionHandler(InvalidRequest.class)
  ProblemDetail invalidRequest(InvalidRequest e) {
    return Problems.invalid(e.getMessage(), Map.of(e.field(), e.getMessage()));
  }

  @ExceptionHandler(ConstraintViolationException.class)
  ProblemDetail violations(ConstraintViolationException e) {
    Map<String, String> fields = new LinkedHashMap<>();
    e.getConstraintViolations()
        .forEach(v -> fields.putIfAbsent(v.getPropertyPath().toString(), v.getMessage()));
    return Problems.invalid(String.join(" ", fields.values()), fields);
  }

  @ExceptionHandler(RequestTooLarge.class)
  ProblemDetail tooLarge(RequestTooLarge e) {
    return Problems.tooLarge(e.limit());
  }

  @ExceptionHandler(Exception.class)
  ProblemDetail unexpected(Exception e) {
    log.error("Unexpected failure of an API request", e);
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(
            HttpStatus.INTERNAL_SERVER_ERROR,
            "The request failed unexpectedly; the server log has the details.");
    problem.setTitle("Internal error");
    return problem;
  }

  @Override
  protected ResponseEntity<Object> handleMethodArgumentNotValid(
      MethodArgumentNotValidException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    Map<String, String> fields = new LinkedHashMap<>();
    e.getBindingResult()
        .getFieldErrors()
        .forEach(f -> fields.putIfAbsent(f.getField(), f.getDefaultMessage()));
    e.getBindingResult()
        .getGlobalErrors()
        .forEach(g -> fields.putIfAbsent(g.getObjectName(), g.getDefaultMessage()));
    return body(Problems.invalid(String.join(" ", fields.values()), fields));
  }

  @Override
  protected ResponseEntity<Object> handleHandlerMethodValidationException(
      HandlerMethodValidationException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    Map<String, String> fields = new LinkedHashMap<>();
    e.getParameterValidationResults()
        .forEach(
            r ->
                r.getResolvableErrors()
                    .forEach(
                        err ->
                            fields.putIfAbsent(
                                r.getMethodParameter().getParameterName(),
                                err.getDefaultMessage())));
    return body(Problems.invalid(String.join(" ", fields.values()), fields));
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    RequestTooLarge tooLarge = RequestTooLarge.in(e);
    if (tooLarge != null) {
      return body(Problems.tooLarge(tooLarge.limit()));
    }
    BodyProblem reason = BodyProblem.of(e);
    return body(Problems.invalid(reason.detail(), reason.fields()));
  }

  @Override
  protected ResponseEntity<Object> handleTypeMismatch(
      TypeMismatchException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    String name = e.getPropertyName() == null ? "parameter" : e.getPropertyName();
    String detail = name + ": " + Values.expected(e.getRequiredType(), e.getValue());
    return body(Problems.invalid(detail, Map.of(name, detail)));
  }

  private static ResponseEntity<Object> body(ProblemDetail problem) {
    return ResponseEntity.status(problem.getStatus()).body(problem);
  }
}
