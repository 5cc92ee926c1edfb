package io.assay.delivery;

/**
 * A channel did not confirm the delivery. Retryable when trying again may succeed (timeouts,
 * connection errors, 5xx); not retryable when it cannot (a file present with different content).
 */
public final class ChannelNotConfirmedException extends RuntimeException {
  private final boolean retryable;

  public ChannelNotConfirmedException(String message, boolean retryable, Throwable cause) {
    super(message, cause);
    this.retryable = retryable;
  }

  public ChannelNotConfirmedException(String message, boolean retryable) {
    this(message, retryable, null);
  }

  public boolean retryable() {
    return retryable;
  }
}
