package io.assay.recon;

/**
 * A column recon derives from other columns of the same row, declared under a table's {@code
 * computed:} key in schema_docs.yaml. Queries read it as an expression; it can be aggregated,
 * filtered and grouped like a stored column.
 *
 * @param kind what is computed
 * @param from the first input column (same table)
 * @param to the second input column (same table); null for a kind with one input
 */
public record ComputedColumn(Kind kind, String from, String to) {

  /** The closed set of computations. */
  public enum Kind {
    /** Days (with fractions) from {@code from} to {@code to}; null when either is null. */
    DAYS_BETWEEN,
    /**
     * The number a text column {@code from} writes out ("1204953"): compared, ranked and summed as
     * a number, where the text would order "9" after "10"; null when the text is empty.
     */
    NUMBER_FROM_TEXT
  }
}
