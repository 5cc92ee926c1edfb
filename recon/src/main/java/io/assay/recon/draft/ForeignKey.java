package io.assay.recon.draft;

/**
 * A single-column foreign key as the database declares it; one declared on the partitions of a
 * partitioned table is reported once, on the partitioned table.
 */
public record ForeignKey(String table, String column, String toTable, String toColumn) {

  /** How a {@code relationships:} entry names it. */
  public String yaml() {
    return "{from: " + table + "." + column + ", to: " + toTable + "." + toColumn + "}";
  }
}
