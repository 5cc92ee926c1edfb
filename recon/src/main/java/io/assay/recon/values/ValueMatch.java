package io.assay.recon.values;

import io.assay.pick.ColumnRef;

/**
 * A phrase of a question that names a stored value: {@code text} at {@code [start, end)} of the
 * question matches {@code value} of {@code column}, either the value itself ({@code byWord} false)
 * or one of the user words declared for it in codes.yaml ({@code byWord} true, e.g. "weekly" →
 * 'POPLATEK TYDNE'). {@code meaning} is the declared meaning, or null.
 */
public record ValueMatch(
    ColumnRef column,
    String value,
    String meaning,
    String text,
    int start,
    int end,
    boolean byWord) {}
