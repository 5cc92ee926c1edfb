package io.assay.recon;

import io.assay.pick.ColumnRef;

/**
 * A declared join: {@code from} references {@code to}, the primary key of its table, so many rows
 * of {@code from}'s table relate to one row of {@code to}'s table.
 */
public record Relationship(ColumnRef from, ColumnRef to, String description) {}
