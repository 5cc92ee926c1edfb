package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.Set;

/**
 * Two words after a grouping word that name one dimension, not two: "by customer country" (whose
 * country), "per operation type" (the kind of operation), and a link right after a dimension ("each
 * author appear in"), which is the way the count goes.
 */
final class CompoundDimensions {

  private CompoundDimensions() {}

  /**
   * Whether a lone noun of rows only says whose the dimension right after it is ("customer
   * country"): each of those rows has one value of it.
   */
  static boolean whose(Draft d, Mention rows, Item next) {
    if (rows.first() != rows.last()
        || !rows.has(Target.Table.class)
        || !d.schema.isTableNoun(rows.first(), rows.one(Target.Table.class).table())
        || next == null
        || !(next.what() instanceof Mention dim)
        || dim.first() != rows.last() + 1
        || d.isUsed(dim)
        || dim.all(Target.Table.class).stream().anyMatch(t -> !d.schema.hasSingleKey(t.table()))) {
      return false; // a link ("each author appear in"), which the loop reads as the way it goes
    }
    String table = rows.one(Target.Table.class).table();
    ColumnRef col = d.schema.groupColumn(dim);
    if (col == null || col.equals(d.schema.primaryKeyOrNull(table))) {
      return false;
    }
    return col.table().equals(table) // "client gender": the client's own
        || d.recon.joins().path(table, col.table()).isPresent()
            && !d.schema.fansOut(table, col.table());
  }

  /** Nouns that say "a kind of" what the word before them names. */
  private static final Set<String> KIND =
      Set.of("type", "types", "kind", "kinds", "sort", "sorts", "class", "category");

  /**
   * Whether the item right after a dimension is a word for "kind" that names another column of the
   * same table ("operation type" when the rows also have a "type"): a compound, not a second
   * dimension.
   */
  static boolean kindOf(Draft d, Mention dim, ColumnRef col, Item next) {
    return next.what() instanceof Mention kind
        && !d.isUsed(kind)
        && kind.first() == dim.last() + 1
        && kind.first() == kind.last()
        && KIND.contains(d.scan.tokens.get(kind.first()).norm())
        && kind.targets().stream().allMatch(t -> t instanceof Target.Column)
        && kind.all(Target.Column.class).stream()
            .anyMatch(t -> t.column().table().equals(col.table()) && !t.column().equals(col));
  }

  /** Whether the token at {@code index} is a word for "kind" the reader knows nothing else of. */
  static boolean kindWord(Draft d, int index) {
    return d.scan.unknown.stream().anyMatch(t -> t.index() == index && KIND.contains(t.norm()));
  }

  /**
   * "how many books does each author appear in": a word right after a dimension that names only a
   * table linking two others is the link the count goes through, not a second dimension.
   */
  static boolean linkRightAfter(Draft d, Item dim, Item next) {
    return next.what() instanceof Mention link
        && link.first() == dim.last() + 1
        && link.targets().stream().allMatch(t -> t instanceof Target.Table)
        && link.all(Target.Table.class).stream().noneMatch(t -> d.schema.hasSingleKey(t.table()));
  }
}
