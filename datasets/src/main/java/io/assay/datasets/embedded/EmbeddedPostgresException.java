package io.assay.datasets.embedded;

/** The embedded PostgreSQL server could not be started; the message is meant for the user. */
public class EmbeddedPostgresException extends RuntimeException {

  public EmbeddedPostgresException(String message) {
    super(message);
  }

  public EmbeddedPostgresException(String message, Throwable cause) {
    super(message, cause);
  }
}
