package io.assay.delivery;

/** A delivery target the egress policy does not allow; retrying cannot help. */
public final class EgressDeniedException extends IllegalArgumentException {
  public EgressDeniedException(String message) {
    super(message);
  }
}
