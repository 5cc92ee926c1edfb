package io.assay.pick;

/**
 * A condition on a measure's value per group (SQL HAVING): only groups whose measure compares with
 * {@code value} are kept, e.g. "districts with more than 100 clients" is {@code
 * measure=client_count, op=gt, value=100} in a Pick grouped by district. {@code measure} names one
 * of the Pick's measures by its alias (the metric's name when no alias is given); {@code of} is a
 * measure that is tested but not output. Give exactly one of the two.
 */
public record Having(String measure, Measure of, Comparison op, Value value) {

  /** A condition on the Pick's measure named {@code alias}. */
  public static Having on(String alias, Comparison op, Value value) {
    return new Having(alias, null, op, value);
  }
}
