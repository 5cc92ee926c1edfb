package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Measure;

/**
 * An ordering or ranking asked for: "second-highest X", "oldest", "lowest X". It ranks by a column
 * or by a measure, never both.
 *
 * @param position the token where the ranking words start
 * @param rank 1 for the first, 2 for "second-highest" …
 * @param top the N of "top N", or null
 */
record Ranking(
    int position,
    ColumnRef column,
    Measure measure,
    Direction direction,
    int rank,
    Integer top,
    String text) {}
