package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
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
   * columns; {@code measureOf} gives the SQL of a measure sorted by but not output (null where the
   * query cannot compute one).
   */
  static List<SortField<?>> order(
      Pick pick,
      Lookup lk,
      boolean aggregate,
      List<ColumnInfo> groupBy,
      Set<String> measureAliases,
      boolean distinctRows,
      Function<ColumnInfo, Field<?>> columnField,
      Function<Measure, Field<?>> measureOf) {
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
        if (bm.of() != null) {
          Field<?> f = measureOf.apply(bm.of());
          if (f == null) {
            throw new PickValidationError(
                "in a Pick of over_groups measures orderBy names one of them (measure: its"
                    + " alias); a measure that is not output cannot be sorted by there");
          }
          out.add(sort(f, o.direction()));
          continue;
        }
        if (!aggregate) {
          throw new PickValidationError(
              "a listing has no measures to name, so an orderBy measure entry gives the measure"
                  + " to sort by in of (e.g. {\"kind\":\"measure\",\"of\":{\"kind\":"
                  + "\"metric\",\"metric\":\"...\"},\"direction\":\"desc\"})");
        }
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

  /**
   * The measures the Pick is sorted by without outputting them (each orderBy measure entry's {@code
   * of}), in order; checks that each such entry names exactly one measure.
   */
  static List<Measure> measuresOf(Pick pick) {
    List<Measure> out = new ArrayList<>();
    for (Order o : pick.orderBy()) {
      if (o instanceof Order.ByMeasure bm) {
        if ((bm.measure() == null) == (bm.of() == null)) {
          throw new PickValidationError(
              "an orderBy measure entry names one of the Pick's measures (measure: its alias) or"
                  + " gives the measure to sort by (of), exactly one of the two");
        }
        if (bm.of() != null) {
          out.add(bm.of());
        }
      }
    }
    return out;
  }

  static SortField<?> sort(Field<?> f, Direction d) {
    return (d == Direction.DESC ? f.desc() : f.asc()).nullsLast();
  }
}
