package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.List;
import java.util.Set;

/**
 * "the region id of the office", "the name of the team's town": a column phrase that fits several
 * tables is narrowed by the phrase right after "of", when that phrase itself names exactly one of
 * the candidate columns (or exactly one of their tables). Anything looser is left to ask.
 */
final class OwnerPhrase {

  /** The words that may stand between the column phrase and its owner: "of", "of the", … */
  private static final Set<String> LINK = Set.of("of", "the", "a", "an", "that", "this");

  private OwnerPhrase() {}

  /** The one candidate the "of" phrase after {@code m} names, or null. */
  static ColumnRef narrow(Draft d, Mention m, List<ColumnRef> columns) {
    Mention next =
        d.scan.mentions.stream().filter(x -> x.first() > m.last()).findFirst().orElse(null);
    if (next == null || !linkedByOf(d, m.last(), next.first())) {
      return null;
    }
    List<ColumnRef> named =
        columns.stream()
            .filter(c -> next.all(Target.Column.class).stream().anyMatch(t -> t.column().equals(c)))
            .toList();
    if (named.size() == 1) {
      return named.get(0);
    }
    if (!named.isEmpty() || next.has(Target.Column.class)) {
      return null;
    }
    List<ColumnRef> ofTable =
        columns.stream()
            .filter(
                c ->
                    next.all(Target.Table.class).stream()
                        .anyMatch(t -> t.table().equals(c.table())))
            .toList();
    return ofTable.size() == 1 ? ofTable.get(0) : null;
  }

  /** Whether only "of" (with an article) stands between two tokens. */
  private static boolean linkedByOf(Draft d, int last, int first) {
    if (first - last < 2) {
      return false;
    }
    boolean of = false;
    for (int k = last + 1; k < first; k++) {
      String w = d.scan.tokens.get(k).norm();
      if (!LINK.contains(w)) {
        return false;
      }
      of |= w.equals("of");
    }
    return of;
  }
}
