package io.assay.datasets.financial;

import java.time.LocalDate;

/**
 * One row of {@code trans}. {@code type} PRIJEM credit, VYDAJ withdrawal, VYBER (cash withdrawal
 * recorded under its own type); {@code operation} null for interest credits. {@code amount} is
 * positive; {@code balance} is the account's running balance after this row.
 */
public record Trans(
    int transId,
    int accountId,
    LocalDate date,
    String type,
    String operation,
    int amount,
    int balance,
    String kSymbol,
    String bank,
    Integer account) {}
