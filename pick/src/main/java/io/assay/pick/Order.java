package io.assay.pick;

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

  /** Sort by one of the Pick's measures, named by its alias. */
  record ByMeasure(String measure, Direction direction) implements Order {}

  /** Sort by the time-grain bucket. */
  record ByPeriod(Direction direction) implements Order {}

  static Order column(String column, Direction direction) {
    return new ByColumn(ColumnRef.of(column), direction);
  }

  static Order measure(String alias, Direction direction) {
    return new ByMeasure(alias, direction);
  }
}
