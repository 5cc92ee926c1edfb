package io.assay.datasets.financial;

/**
 * A row of the {@code "order"} table: a standing monthly payment order to another bank's account.
 * {@code kSymbol} is POJISTNE, SIPO, LEASING, UVER or blank (a single space in the raw data).
 */
public record PermanentOrder(
    int orderId, int accountId, String bankTo, Integer accountTo, double amount, String kSymbol) {}
