package io.assay.web.errors;

import java.io.IOException;

/** A request body went past the size limit while it was being read. */
public class RequestTooLarge extends IOException {
  private final long limit;

  public RequestTooLarge(long limit) {
    super("request body over " + limit + " bytes");
    this.limit = limit;
  }

  public long limit() {
    return limit;
  }

  /** The size failure somewhere in a cause chain, or null. */
  static RequestTooLarge in(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof RequestTooLarge r) {
        return r;
      }
    }
    return null;
  }
}
