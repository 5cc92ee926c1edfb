package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.recon.Recon;
import io.assay.recon.Relationship;
import io.assay.recon.joins.PreferredPath;
import java.util.List;
import java.util.Set;

/**
 * "orders per shop", where "shop" is both an item's shop and a customer's home shop: columns of
 * several tables that all reference the key of one table stand for that table. Which relationship
 * applies is then the join path recon resolves from the question's rows to that table, declared in
 * the dataset where two exist ("an order's shop is the shop holding the item"), so the reader need
 * not ask. Candidates that reference different tables, or a column that references none, are left
 * to ask.
 */
final class SharedReference {

  private SharedReference() {}

  /**
   * The one key every candidate is or references, when at least two candidates reference it and the
   * dataset declares the path between one of {@code context} (the question's other tables) and the
   * key's table; else null.
   */
  static ColumnRef referencedKey(Recon recon, List<ColumnRef> columns, Set<String> context) {
    ColumnRef key = null;
    int references = 0;
    for (ColumnRef c : columns) {
      ColumnRef to = referenced(recon, c);
      if (to != null) {
        references++;
      } else if (isKey(recon, c)) {
        to = c;
      } else {
        return null;
      }
      if (key != null && !key.equals(to)) {
        return null;
      }
      key = to;
    }
    return references >= 2 && declared(recon, context, key.table()) ? key : null;
  }

  private static boolean declared(Recon recon, Set<String> context, String table) {
    for (PreferredPath p : recon.preferredPaths()) {
      String first = p.tables().get(0);
      String last = p.tables().get(p.tables().size() - 1);
      if (first.equals(table) && context.contains(last)
          || last.equals(table) && context.contains(first)) {
        return true;
      }
    }
    return false;
  }

  private static ColumnRef referenced(Recon recon, ColumnRef column) {
    return recon.relationships().stream()
        .filter(r -> r.from().equals(column))
        .map(Relationship::to)
        .findFirst()
        .orElse(null);
  }

  private static boolean isKey(Recon recon, ColumnRef column) {
    return recon
        .table(column.table())
        .map(t -> t.primaryKey().equals(List.of(column.column())))
        .orElse(false);
  }
}
