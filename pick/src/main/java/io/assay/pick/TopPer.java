package io.assay.pick;

import java.util.List;

/**
 * Keeps the first {@code limit} rows of each group, ranked by the Pick's orderBy: "the 3
 * best-selling categories in each store" is {@code limit=3, per=[store.store_id]} in a Pick grouped
 * by store and category and ordered by its measure descending. {@code per} are groupBy columns;
 * {@code perPeriod} adds the grain's period to the group ("the top district of each month"). Ties
 * at the cut-off are broken by the groupBy columns in order.
 */
public record TopPer(int limit, List<ColumnRef> per, boolean perPeriod) {

  public TopPer {
    per = per == null ? List.of() : List.copyOf(per);
  }
}
