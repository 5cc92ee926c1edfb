package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Projection;
import io.assay.pick.Value;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.joins.JoinStep;
import io.assay.understand.LexiconFile;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * When the rows reach the attribution entity (client) through a one-to-many hop into its table
 * (account → disp), keep the rows the lexicon names (the owner), unless the question filters that
 * table's column itself: otherwise each row would count once per related person.
 */
final class Attribution implements Rule {

  @Override
  public void apply(Draft d) {
    String root = rootTable(d);
    if (root == null) {
      return;
    }
    Set<String> tables = referencedTables(d);
    for (LexiconFile.Attribution a : d.lexicon.attribution()) {
      boolean filtered = d.filters.stream().anyMatch(f -> f.column().equals(a.column()));
      if (filtered) {
        continue;
      }
      boolean applies = false;
      for (String t : tables) {
        JoinPath path = d.recon.joins().path(root, t).orElse(null);
        if (path == null) {
          continue;
        }
        List<String> visited = path.tables();
        int via = visited.indexOf(a.table());
        int entity = visited.indexOf(a.entity());
        if (via > 0 && entity > via) {
          JoinStep into = path.steps().get(via - 1);
          if (into.fansOut()) {
            applies = true;
          }
        }
      }
      if (applies) {
        d.addFilter(
            new Filter.Compare(a.column(), Comparison.EQ, Value.text(a.value())),
            Integer.MAX_VALUE,
            null);
        d.note(a.why());
      }
    }
  }

  private static String rootTable(Draft d) {
    if (d.measure != null) {
      return d.schema.measureTable(d.measure);
    }
    if (!d.select.isEmpty()) {
      Projection p = d.select.get(0);
      if (p instanceof Projection.Column c) {
        return c.column().table();
      }
      if (p instanceof Projection.YearsSince y) {
        return y.column().table();
      }
    }
    return null;
  }

  private static Set<String> referencedTables(Draft d) {
    Set<String> t = new LinkedHashSet<>();
    for (Filter f : d.filters) {
      t.add(f.column().table());
    }
    for (ColumnRef g : d.groupBy) {
      t.add(g.table());
    }
    for (Order o : d.listingOrder) {
      if (o instanceof Order.ByColumn c) {
        t.add(c.column().table());
      }
    }
    for (Projection p : d.select) {
      if (p instanceof Projection.Column c) {
        t.add(c.column().table());
      }
    }
    if (d.measure instanceof Measure.Ratio r && r.numerator() instanceof Measure.Aggregate a) {
      a.filters()
          .forEach(f -> t.add(f instanceof Filter.Exists e ? e.table() : f.column().table()));
    }
    return t;
  }
}
