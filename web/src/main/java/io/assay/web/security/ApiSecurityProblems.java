package io.assay.web.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;

/**
 * API callers get RFC 7807 problem details for security failures too, instead of a login page
 * redirect: 401 with a Basic challenge when credentials are missing or wrong, 403 when the role
 * does not allow the call or a session-authenticated call lacks its CSRF token.
 */
final class ApiSecurityProblems implements AuthenticationEntryPoint, AccessDeniedHandler {
  private final ObjectMapper json;

  ApiSecurityProblems(ObjectMapper json) {
    this.json = json;
  }

  @Override
  public void commence(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    response.setHeader("WWW-Authenticate", "Basic realm=\"Assay\", charset=\"UTF-8\"");
    write(
        request,
        response,
        HttpStatus.UNAUTHORIZED,
        "Authentication required",
        "Send HTTP basic credentials of an Assay user.");
  }

  @Override
  public void handle(
      HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
      throws IOException {
    String detail =
        e instanceof CsrfException
            ? "The request carries a session cookie but no valid CSRF token; send the token or use"
                + " HTTP basic credentials."
            : "Your role does not allow this request.";
    write(request, response, HttpStatus.FORBIDDEN, "Forbidden", detail);
  }

  private void write(
      HttpServletRequest request,
      HttpServletResponse response,
      HttpStatus status,
      String title,
      String detail)
      throws IOException {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setTitle(title);
    problem.setInstance(URI.create(request.getRequestURI()));
    response.setStatus(status.value());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    json.writeValue(response.getOutputStream(), problem);
  }
}
