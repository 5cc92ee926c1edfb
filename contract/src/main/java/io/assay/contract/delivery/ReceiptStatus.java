package io.assay.contract.delivery;

/** PENDING while attempts run; CONFIRMED once the channel confirmed receipt. */
public enum ReceiptStatus {
  PENDING,
  CONFIRMED
}
