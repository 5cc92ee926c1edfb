package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.Set;

/**
 * The rows a ranking picks when what is listed is only an attribute of theirs: "the gender of the
 * client with the most transactions", "which city has the customer with the most payments". Split
 * by the attribute alone, the attribute's values would be ranked instead; the rows' key goes into
 * the grouping.
 */
final class RankedRowsKey {

  private RankedRowsKey() {}

  /** The key of the ranked rows, or null when the words name none (or the listing already does). */
  static ColumnRef of(Draft d, Ranking r) {
    ColumnRef key = ownerRanked(d);
    return key != null ? key : rankedWith(d, r);
  }

  /**
   * The key of the rows whose attributes are listed when the question names them after "of" ("the
   * gender of the client with …"), unless a label is listed, which already stands for each row;
   * null otherwise.
   */
  private static ColumnRef ownerRanked(Draft d) {
    for (Mention m : d.scan.mentions) {
      if (!m.targets().stream().allMatch(t -> t instanceof Target.Column)) {
        continue;
      }
      for (Target.Column c : m.all(Target.Column.class)) {
        String table = c.column().table();
        if (!d.groupBy.contains(c.column())
            || d.groupBy.stream().anyMatch(g -> !g.table().equals(table))
            || d.schema.labelColumns(table).stream().anyMatch(d.groupBy::contains)
            || d.groupBy.contains(d.schema.primaryKeyOrNull(table))) {
          continue;
        }
        int at = m.last() + 1;
        if (at >= d.scan.tokens.size() || !d.scan.tokens.get(at).norm().equals("of")) {
          continue;
        }
        at++;
        while (at < d.scan.tokens.size()
            && Set.of("the", "a", "an", "each").contains(d.scan.tokens.get(at).norm())) {
          at++;
        }
        for (Mention owner : d.scan.mentions) {
          if (owner.first() == at
              && owner.has(Target.Table.class)
              && owner.one(Target.Table.class).table().equals(table)) {
            return d.schema.primaryKeyOrNull(table);
          }
        }
      }
    }
    return null;
  }

  /**
   * "Which city has the customer with the most payments?": the rows named right before "with" and
   * the ranking are the ones ranked, one of them kept, and what is listed is theirs; the key of
   * those rows, or null when the words are not that or the listed columns already stand for them.
   */
  private static ColumnRef rankedWith(Draft d, Ranking r) {
    for (Mention m : d.scan.mentions) {
      if (!d.schema.namesOnlyATable(m) || m.last() + 2 > r.position()) {
        continue;
      }
      int at = m.last() + 1;
      if (!d.scan.tokens.get(at).norm().equals("with")) {
        continue;
      }
      at++;
      while (at < r.position() && Set.of("the", "a", "an").contains(d.scan.tokens.get(at).norm())) {
        at++;
      }
      String table = m.one(Target.Table.class).table();
      ColumnRef key = d.schema.primaryKeyOrNull(table);
      if (at != r.position()
          || key == null
          || d.groupBy.contains(key)
          || d.schema.labelColumns(table).stream().anyMatch(d.groupBy::contains)) {
        continue;
      }
      if (d.groupBy.stream().anyMatch(g -> d.schema.fansOut(table, g.table()))) {
        // "which branch has the book with the most loans": a book is in every branch
        d.problem(
            "'"
                + m.text()
                + " with "
                + r.text()
                + "': each "
                + table
                + " row has several of what is asked for");
        return null;
      }
      return key; // each of those rows has one of what is listed ("the customer's city")
    }
    return null;
  }
}
