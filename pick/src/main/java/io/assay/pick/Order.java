package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One sort key of the result. JSON carries the variant in {@code "kind"}: column, measure, period.
 * Nulls sort last.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Order.ByColumn.class, name = "column"),
  @JsonSubTypes.Type(value = Order.ByMeasure.class, name = "measure"),
  @JsonSubTypes.Type(value = Order.ByPeriod.class, name = "period")
})
public sealed interface Order {

  Direction direction();

  /**
   * Sort by a column. In a grouped Pick it must be one of the group-by columns; in a listing it may
   * be any reachable column, projected or not ("the loan with the lowest amount").
   */
  record ByColumn(ColumnRef column, Direction direction) implements Order {}

  /**
   * Sort by a measure: one of the Pick's measures named by its alias ({@code measure}), or a
   * measure that is computed for the sort but not output ({@code of}), like {@link Having}'s. Give
   * exactly one of the two. "Which region has the most accounts" shows the region alone: a listing
   * of {@code district.a3} ordered by {@code of=account_count} descending, limit 1; such a listing
   * is grouped by its columns (as with having).
   */
  record ByMeasure(String measure, Measure of, Direction direction) implements Order {

    @JsonCreator
    public ByMeasure(
        @JsonProperty("measure") String measure,
        @JsonProperty("of") Measure of,
        @JsonProperty("direction") Direction direction) {
      this.measure = measure;
      this.of = of;
      this.direction = direction;
    }

    /** Sort by the Pick's measure named {@code measure} (the form before {@code of} existed). */
    public ByMeasure(String measure, Direction direction) {
      this(measure, null, direction);
    }
  }

  /** Sort by the time-grain bucket. */
  record ByPeriod(Direction direction) implements Order {}

  static Order column(String column, Direction direction) {
    return new ByColumn(ColumnRef.of(column), direction);
  }

  static Order measure(String alias, Direction direction) {
    return new ByMeasure(alias, null, direction);
  }

  /** Sort by a measure that is not output. */
  static Order measureOf(Measure of, Direction direction) {
    return new ByMeasure(null, of, direction);
  }
}
