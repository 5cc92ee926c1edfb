package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Projection;
import io.assay.recon.joins.JoinPath;
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
    String root = d.schema.answeredTable();
    if (root == null) {
      return;
    }
    Set<String> tables = referencedTables(d);
    for (LexiconFile.Attribution a : d.lexicon.attribution()) {
      boolean filtered =
          d.filters.stream().anyMatch(f -> f.column() != null && f.column().equals(a.column()));
      if (filtered) {
        continue;
      }
      insideRelatedCounts(d, root, a);
      boolean applies = false;
      for (String t : tables) {
        if (reaches(d, root, t, a)) {
          applies = true;
        }
      }
      if (applies) {
        d.addFilter(
            new Filter.Compare(a.column(), Comparison.EQ, d.schema.stored(a.column(), a.value())),
            Integer.MAX_VALUE,
            null);
        d.note(a.why());
      }
    }
  }

  /** Whether the way from {@code from} to {@code to} fans out into the attribution's entity. */
  private static boolean reaches(Draft d, String from, String to, LexiconFile.Attribution a) {
    JoinPath path = d.recon.joins().path(from, to).orElse(null);
    if (path == null) {
      return false;
    }
    List<String> visited = path.tables();
    int via = visited.indexOf(a.table());
    int entity = visited.indexOf(a.entity());
    return via > 0 && entity > via && path.steps().get(via - 1).fansOut();
  }

  /**
   * "clients with more than one account": the related rows counted per row are attributed as the
   * rows themselves would be (an account's client is its owner), inside the count.
   */
  private static void insideRelatedCounts(Draft d, String root, LexiconFile.Attribution a) {
    for (int i = 0; i < d.filters.size(); i++) {
      if (d.filters.get(i) instanceof Filter.RelatedCount rc
          && rc.filters().stream().noneMatch(f -> a.column().equals(f.column()))
          && reaches(d, rc.table(), root, a)) {
        List<Filter> inside = new java.util.ArrayList<>(rc.filters());
        inside.add(
            new Filter.Compare(a.column(), Comparison.EQ, d.schema.stored(a.column(), a.value())));
        Filter attributed = new Filter.RelatedCount(rc.table(), inside, rc.op(), rc.count());
        d.filterPosition.put(attributed, d.filterPosition.getOrDefault(rc, 0));
        d.filters.set(i, attributed);
        d.note(a.why());
      }
    }
  }

  private static Set<String> referencedTables(Draft d) {
    Set<String> t = new LinkedHashSet<>();
    for (Filter f : d.filters) {
      if (f.column() != null) {
        t.add(f.column().table());
      }
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
