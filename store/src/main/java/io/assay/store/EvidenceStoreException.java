package io.assay.store;

/** The evidence tables could not be read or written: transient (connection) or a schema problem. */
public final class EvidenceStoreException extends RuntimeException {
  public EvidenceStoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
