package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.recon.ColumnInfo;
import io.assay.recon.TableInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The keys a grouping must add so that it groups entities, not their names. A group shown by a
 * table's label columns alone (a person's first and last name) would merge two rows that share a
 * name and add up their figures: the answer would be wrong exactly when names repeat. When the
 * grouped columns of a table are all of its label columns and the table has a one-column key, the
 * key joins the grouping (not the output), so each row stays one entity shown by its label.
 */
final class EntityKeys {

  private EntityKeys() {}

  /** The key columns to group by as well, for the tables named by their label columns. */
  static List<ColumnInfo> hiddenKeys(Lookup lk, List<ColumnInfo> grouped) {
    Map<String, Set<String>> byTable = new LinkedHashMap<>();
    for (ColumnInfo c : grouped) {
      byTable.computeIfAbsent(c.ref().table(), t -> new HashSet<>()).add(c.ref().column());
    }
    List<ColumnInfo> keys = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : byTable.entrySet()) {
      TableInfo t = lk.table(e.getKey());
      if (t.label().isEmpty() || t.primaryKey().size() != 1) {
        continue;
      }
      String key = t.primaryKey().get(0);
      if (e.getValue().contains(key) || !e.getValue().equals(new HashSet<>(t.label()))) {
        continue;
      }
      keys.add(lk.column(new ColumnRef(t.name(), key)));
    }
    return keys;
  }
}
