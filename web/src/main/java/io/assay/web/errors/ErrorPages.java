package io.assay.web.errors;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.ModelAndView;

/**
 * What the servlet container forwards to {@code /error} (a status sent by a filter, the request
 * firewall, an exception outside any controller): an HTML page for a person's browser, a problem
 * detail for everyone else and for anything under {@code /api}. Replaces Spring Boot's default,
 * which answers with its own JSON shape.
 */
@Controller
public class ErrorPages implements ErrorController {

  @RequestMapping("/error")
  public Object error(HttpServletRequest request) {
    HttpStatus status = status(request);
    String path = String.valueOf(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI));
    String detail = detail(status);
    if (wantsHtml(request, path)) {
      ModelAndView view = new ModelAndView("error/page", status);
      view.addObject("status", status.value());
      view.addObject("error", status.getReasonPhrase());
      view.addObject("message", detail);
      return view;
    }
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setTitle(status.getReasonPhrase());
    if (path != null && path.startsWith("/") && !path.contains("\u0000")) {
      try {
        problem.setInstance(java.net.URI.create(path));
      } catch (IllegalArgumentException e) {
        // not a valid URI reference: leave the instance out
      }
    }
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .body(problem);
  }

  private static HttpStatus status(HttpServletRequest request) {
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    HttpStatus status =
        code instanceof Integer i ? HttpStatus.resolve(i) : HttpStatus.INTERNAL_SERVER_ERROR;
    return status == null || status.value() < 400 ? HttpStatus.INTERNAL_SERVER_ERROR : status;
  }

  private static String detail(HttpStatus status) {
    return switch (status) {
      case BAD_REQUEST -> "The server cannot process this address or request.";
      case UNAUTHORIZED -> "Sign in first.";
      case FORBIDDEN -> "You are not allowed to see this page.";
      case NOT_FOUND -> "There is nothing at this address.";
      case METHOD_NOT_ALLOWED -> "This address does not take that method.";
      case PAYLOAD_TOO_LARGE -> "The request is larger than the server accepts.";
      default ->
          status.is5xxServerError()
              ? "Something went wrong; the server log has the details."
              : status.getReasonPhrase() + ".";
    };
  }

  /** A browser asking for a page: it accepts HTML and the address is not part of the API. */
  static boolean wantsHtml(HttpServletRequest request, String path) {
    if (path != null && (path.startsWith("/api/") || path.equals("/api"))) {
      return false;
    }
    String accept = request.getHeader("Accept");
    if (accept == null) {
      return false;
    }
    List<MediaType> types;
    try {
      types = MediaType.parseMediaTypes(accept);
    } catch (RuntimeException e) {
      return false;
    }
    return types.stream().anyMatch(t -> t.includes(MediaType.TEXT_HTML) && !t.isWildcardType());
  }
}
