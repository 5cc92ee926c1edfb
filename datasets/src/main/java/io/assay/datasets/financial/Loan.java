package io.assay.datasets.financial;

import java.time.LocalDate;

/**
 * A row of {@code loan}: {@code payments} a month for {@code duration} months from {@code date}.
 * Status A finished OK, B finished unpaid, C running OK, D running in debt.
 */
public record Loan(
    int loanId,
    int accountId,
    LocalDate date,
    int amount,
    int duration,
    double payments,
    String status) {}
