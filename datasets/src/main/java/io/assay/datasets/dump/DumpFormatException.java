package io.assay.datasets.dump;

/** A SQL dump that cannot be read or applied; the message names the file and line. */
public final class DumpFormatException extends RuntimeException {
  public DumpFormatException(String message) {
    super(message);
  }

  public DumpFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
