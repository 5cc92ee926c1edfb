package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What a {@link Filter.Ranked} reference is ranked by: a column or a measure. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = RankBy.ByColumn.class, name = "column"),
  @JsonSubTypes.Type(value = RankBy.ByMeasure.class, name = "measure")
})
public sealed interface RankBy {

  /** Rank rows by a column's value. */
  record ByColumn(ColumnRef column) implements RankBy {}

  /** Rank groups (of the ranked filter's {@code select} column) by a measure. */
  record ByMeasure(Measure measure) implements RankBy {}
}
