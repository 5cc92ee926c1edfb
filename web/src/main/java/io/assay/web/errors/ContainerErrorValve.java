package io.assay.web.errors;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat refuses some requests before the application sees them (an encoded slash, backslash or NUL
 * in the path); its own error page would then be HTML with the server's version. This valve answers
 * those with a problem detail like every other error.
 */
public class ContainerErrorValve extends ErrorReportValve {

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    String body =
        "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":"
            + status
            + ",\"detail\":\"The server cannot process this address.\"}";
    try {
      response.setContentType("application/problem+json");
      response.setCharacterEncoding("UTF-8");
      response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
      response.finishResponse();
    } catch (IOException | IllegalStateException e) {
      // The client went away or the response was already taken: nothing more to say.
    }
  }
}
