package io.assay.datasets.financial;

import java.time.LocalDate;

/** A row of {@code account}; {@code date} is the opening date. */
public record Account(int accountId, int districtId, String frequency, LocalDate date) {

  public static final String MONTHLY = "POPLATEK MESICNE";
  public static final String WEEKLY = "POPLATEK TYDNE";
  public static final String AFTER_TRANSACTION = "POPLATEK PO OBRATU";
}
