package io.assay.datasets.financial;

import java.time.LocalDate;

/** A row of {@code client}; gender 'M' or 'F', both derived from the raw birth number. */
public record Client(int clientId, String gender, LocalDate birthDate, int districtId) {}
