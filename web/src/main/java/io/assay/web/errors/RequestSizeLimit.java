package io.assay.web.errors;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body over the limit at the edge, before anything reads it into memory or passes
 * it on to Temporal: by its declared length at once, and a body without one (chunked) as soon as
 * reading passes the limit.
 */
public class RequestSizeLimit extends OncePerRequestFilter {
  private final long limit;
  private final ObjectMapper json;

  public RequestSizeLimit(long limit, ObjectMapper json) {
    this.limit = limit;
    this.json = json;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (request.getContentLengthLong() > limit) {
      ProblemDetail problem = Problems.tooLarge(limit);
      problem.setInstance(URI.create(request.getRequestURI()));
      response.setStatus(problem.getStatus());
      response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
      // The unread body is not drained: the connection closes instead of swallowing megabytes.
      response.setHeader("Connection", "close");
      json.writeValue(response.getOutputStream(), problem);
      return;
    }
    chain.doFilter(new Bounded(request, limit), response);
  }

  private static final class Bounded extends HttpServletRequestWrapper {
    private final long limit;
    private ServletInputStream stream;

    Bounded(HttpServletRequest request, long limit) {
      super(request);
      this.limit = limit;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (stream == null) {
        stream = new Counting(super.getInputStream(), limit);
      }
      return stream;
    }
  }

  private static final class Counting extends ServletInputStream {
    private final ServletInputStream in;
    private final long limit;
    private long read;

    Counting(ServletInputStream in, long limit) {
      this.in = in;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws RequestTooLarge {
      read += n;
      if (read > limit) {
        throw new RequestTooLarge(limit);
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
