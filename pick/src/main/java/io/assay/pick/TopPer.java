package io.assay.pick;

import java.util.List;

/**
 * Keeps the first {@code limit} rows of each group, ranked by the Pick's orderBy: "the 3
 * best-selling products in each shop" is {@code limit=3, per=[shop.shop_key]} in a Pick grouped by
 * shop and product and ordered by its measure descending. In a Pick with measures {@code per} are
 * groupBy columns; {@code perPeriod} adds the grain's period to the group ("the top district of
 * each month"). Ties at the cut-off are broken by the groupBy columns in order.
 *
 * <p>On a listing (select, no measures) it keeps the first rows of each group of {@code per}
 * columns, ranked by the listing's own orderBy: "the two largest loans of each district" lists
 * loans ordered by amount descending with {@code limit=2, per=[district.district_id]}. {@code per}
 * may be any column the rows reach (selected or not); in a grouped listing (one with having or
 * ordered by a measure) they are selected columns. Ties are broken by the selected columns.
 */
public record TopPer(int limit, List<ColumnRef> per, boolean perPeriod) {

  public TopPer {
    per = per == null ? List.of() : List.copyOf(per);
  }
}
