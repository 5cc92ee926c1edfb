package io.assay.web.jobs;

/** A submission that passed the form checks but not a deeper one (e.g. a delivery target). */
public class InvalidSubmission extends RuntimeException {
  private final String field;

  public InvalidSubmission(String field, String message) {
    super(message);
    this.field = field;
  }

  public String field() {
    return field;
  }
}
