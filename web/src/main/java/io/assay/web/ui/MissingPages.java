package io.assay.web.ui;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * An address nothing serves: a 404 page for people, a problem detail under {@code /api}. Without
 * this, the application-wide problem-details handler would show browsers a JSON body.
 */
@ControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE)
class MissingPages {

  @ExceptionHandler(NoResourceFoundException.class)
  Object missing(NoResourceFoundException e, HttpServletRequest request) {
    if (request.getRequestURI().startsWith(request.getContextPath() + "/api/")) {
      ProblemDetail problem =
          ProblemDetail.forStatusAndDetail(
              HttpStatus.NOT_FOUND, "No endpoint " + e.getResourcePath());
      problem.setTitle("Not Found");
      return ResponseEntity.status(HttpStatus.NOT_FOUND).body(problem);
    }
    return PageErrors.page(
        HttpStatus.NOT_FOUND, "There is no page at /" + e.getResourcePath() + ".");
  }
}
