package io.assay.datasets.financial;

import java.time.LocalDate;

/** A row of {@code card}; {@code type} is junior, classic or gold. */
public record Card(int cardId, int dispId, String type, LocalDate issued) {}
