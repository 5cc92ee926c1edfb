package io.assay.web.errors;

/** A parameter or field outside what the endpoint accepts; the message names the valid range. */
public class InvalidRequest extends RuntimeException {
  private final String field;

  public InvalidRequest(String field, String message) {
    super(message);
    this.field = field;
  }

  public String field() {
    return field;
  }
}
