package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.time.LocalDate;

/**
 * A per-row output column of a listing Pick (one without measures): a plain column or an expression
 * over columns of the same row. JSON carries the variant in {@code "kind"}: column, difference,
 * ratio, growth, years_since.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Projection.Column.class, name = "column"),
  @JsonSubTypes.Type(value = Projection.Difference.class, name = "difference"),
  @JsonSubTypes.Type(value = Projection.Ratio.class, name = "ratio"),
  @JsonSubTypes.Type(value = Projection.Growth.class, name = "growth"),
  @JsonSubTypes.Type(value = Projection.YearsSince.class, name = "years_since")
})
public sealed interface Projection {

  /** Output column name, or null for the default. */
  String alias();

  /** The column's value. */
  record Column(ColumnRef column, String alias) implements Projection {}

  /** {@code left − right}. */
  record Difference(ColumnRef left, ColumnRef right, String alias) implements Projection {}

  /** {@code numerator / denominator} (× 100 when {@code percent}); null when dividing by 0. */
  record Ratio(ColumnRef numerator, ColumnRef denominator, boolean percent, String alias)
      implements Projection {}

  /**
   * Percent change from one column to another in the same row, {@code (to − from) × 100 / from},
   * e.g. unemployment 1995 (district.a12) to 1996 (district.a13).
   */
  record Growth(ColumnRef from, ColumnRef to, String alias) implements Projection {}

  /**
   * Whole calendar years between a date column and {@code asOf} (year of asOf minus year of the
   * date, the usual "age" in BIRD questions); {@code asOf} null means the current date.
   */
  record YearsSince(ColumnRef column, LocalDate asOf, String alias) implements Projection {}

  static Projection column(String column) {
    return new Column(ColumnRef.of(column), null);
  }
}
