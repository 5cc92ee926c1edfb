package io.assay.web.ui;

import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.validation.BindException;
import org.springframework.validation.FieldError;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * Pages answer errors with an HTML page, never a stack trace or a JSON body: an unknown job is a
 * 404 page, someone else's job a 403 page. It runs before the application-wide problem-details
 * handler, which would otherwise answer browsers with JSON; the REST controllers keep that one.
 */
@ControllerAdvice(annotations = PageController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PageErrors {

  @ExceptionHandler(ErrorResponseException.class)
  ModelAndView status(ErrorResponseException e) {
    return page(e.getStatusCode(), e.getBody().getDetail());
  }

  @ExceptionHandler(TypeMismatchException.class)
  ModelAndView mismatch(TypeMismatchException e) {
    return page(
        HttpStatus.BAD_REQUEST,
        "'" + e.getValue() + "' is not a valid value for " + e.getPropertyName() + ".");
  }

  /** A filter form's value that does not convert (e.g. an unknown state or a malformed date). */
  @ExceptionHandler(BindException.class)
  ModelAndView binding(BindException e) {
    FieldError f = e.getFieldError();
    return page(
        HttpStatus.BAD_REQUEST,
        f == null
            ? "The request has a value that is not valid."
            : "'" + f.getRejectedValue() + "' is not a valid value for " + f.getField() + ".");
  }

  static ModelAndView page(HttpStatusCode code, String message) {
    HttpStatus status = HttpStatus.resolve(code.value());
    ModelAndView view = new ModelAndView("error/page", code);
    view.addObject("status", code.value());
    view.addObject("error", status == null ? "Error" : status.getReasonPhrase());
    view.addObject("message", message);
    return view;
  }
}
