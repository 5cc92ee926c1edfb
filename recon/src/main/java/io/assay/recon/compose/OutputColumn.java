package io.assay.recon.compose;

/**
 * One column of a composed query's result, in order. {@code role} says what it holds; {@code
 * source} is the column ("district.a2") or metric name it comes from; {@code unit} and {@code
 * format} come from the metric definition when there is one (else null).
 */
public record OutputColumn(
    String name, Role role, String source, String description, String unit, String format) {

  /** What an output column holds. */
  public enum Role {
    /** The first day of a time-grain bucket. */
    PERIOD,
    /** A group-by column. */
    DIMENSION,
    /** A measure. */
    MEASURE,
    /** A listed column or per-row expression. */
    COLUMN
  }
}
