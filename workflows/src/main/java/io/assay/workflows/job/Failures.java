package io.assay.workflows.job;

import io.temporal.failure.ApplicationFailure;
import java.util.List;

/** How the workflows classify and describe failures coming back from activities and children. */
public final class Failures {
  /**
   * Failure types that retrying cannot fix: a Pick the composer rejects, bad analysis args, an
   * invalid plan edit. Every other failure (database connection, remote forecaster or LLM timeouts)
   * is transient and retried with backoff. The composer's error is named by its class, both where
   * it lives now and where it lived before the Pick language got its own module, so that runs
   * recorded before that move classify their failures the same way when they replay.
   */
  public static final String[] NON_RETRYABLE = {
    "io.assay.pick.PickValidationError",
    "io.assay.recon.pick.PickValidationError",
    "PickValidationError",
    "InvalidArgs",
    "InvalidPlanEdit",
    "java.lang.IllegalArgumentException"
  };

  private Failures() {}

  public static boolean nonRetryable(String type) {
    return List.of(NON_RETRYABLE).contains(type);
  }

  /** The innermost message: the one a person can act on, not the wrapper's. */
  public static String message(Throwable failure) {
    Throwable t = failure;
    String message = failure.getMessage();
    while (t != null) {
      if (t instanceof ApplicationFailure app) {
        message = app.getOriginalMessage();
      } else if (t.getCause() == null && t.getMessage() != null) {
        message = t.getMessage();
      }
      t = t.getCause();
    }
    return message == null ? failure.getClass().getSimpleName() : message;
  }
}
