package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.Projection;
import io.assay.recon.ColumnInfo;
import io.assay.recon.text.DidYouMean;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.jooq.Field;
import org.jooq.SortField;
import org.jooq.impl.DSL;

/** The ORDER BY of a composed query. */
final class Ordering {

  private Ordering() {}

  /**
   * The ORDER BY of a Pick: its orderBy entries, or for an aggregate without any the natural order
   * (period, then the groupBy columns). {@code columnField} gives the SQL of a column in the query
   * being ordered; {@code distinctRows} (a distinct or grouped listing) allows only selected
   * columns.
   */
  static List<SortField<?>> order(
      Pick pick,
      Lookup lk,
      boolean aggregate,
      List<ColumnInfo> groupBy,
      Set<String> measureAliases,
      boolean distinctRows,
      Function<ColumnInfo, Field<?>> columnField) {
    List<SortField<?>> out = new ArrayList<>();
    Set<ColumnRef> selected = new HashSet<>();
    for (Projection p : pick.select()) {
      if (p instanceof Projection.Column c) {
        selected.add(c.column());
      }
    }
    for (Order o : pick.orderBy()) {
      if (o == null || o.direction() == null) {
        throw new PickValidationError("an orderBy entry needs direction: asc or desc");
      }
      if (o instanceof Order.ByMeasure bm) {
        if (!measureAliases.contains(bm.measure())) {
          throw new PickValidationError(
              "orderBy names measure '"
                  + bm.measure()
                  + "', which is not one of this Pick's measures "
                  + measureAliases
                  + DidYouMean.phrase(
                      DidYouMean.suggest(String.valueOf(bm.measure()), measureAliases, 2)));
        }
        out.add(sort(DSL.field(DSL.name(bm.measure())), o.direction()));
      } else if (o instanceof Order.ByPeriod) {
        if (pick.grain() == null) {
          throw new PickValidationError("orderBy period needs a time grain");
        }
        out.add(sort(DSL.field(DSL.name(Composition.PERIOD)), o.direction()));
      } else if (o instanceof Order.ByColumn bc) {
        ColumnInfo c = lk.column(bc.column());
        if (aggregate && !groupBy.contains(c)) {
          throw new PickValidationError(
              "orderBy column "
                  + c.ref()
                  + " is not a groupBy column; in a Pick with measures, order by a groupBy column,"
                  + " a measure or the period");
        }
        if (!aggregate && distinctRows && !selected.contains(c.ref())) {
          throw new PickValidationError(
              "with distinct or having, order by a selected column; "
                  + c.ref()
                  + " is not selected");
        }
        out.add(sort(columnField.apply(c), o.direction()));
      }
    }
    if (out.isEmpty() && aggregate) {
      // Series and breakdowns read best in their natural order.
      if (pick.grain() != null) {
        out.add(sort(DSL.field(DSL.name(Composition.PERIOD)), Direction.ASC));
      }
      for (ColumnInfo g : groupBy) {
        out.add(sort(columnField.apply(g), Direction.ASC));
      }
    }
    return out;
  }

  static SortField<?> sort(Field<?> f, Direction d) {
    return (d == Direction.DESC ? f.desc() : f.asc()).nullsLast();
  }
}
