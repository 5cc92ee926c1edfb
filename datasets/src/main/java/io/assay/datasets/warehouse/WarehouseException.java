package io.assay.datasets.warehouse;

/** Loading the warehouse failed in the database; the message is meant for the user. */
public final class WarehouseException extends RuntimeException {

  public WarehouseException(String message, Throwable cause) {
    super(message, cause);
  }
}
