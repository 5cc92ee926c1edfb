package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.List;
import java.util.Set;

/**
 * "what is the most common card type", "the least frequent transaction type": the values of a
 * column, each counted by the rows holding it, the most (or least) frequent kept.
 */
final class CommonValue {

  private CommonValue() {}

  private static final Set<String> FREQUENT = Set.of("common", "frequent", "usual");

  /** True when the question asks for a column's most or least frequent value. */
  static boolean apply(Draft d) {
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c)
          || (c.kind() != Kind.MAX && c.kind() != Kind.MIN)
          || d.isUsed(c)
          || !(d.at(i + 1) instanceof Mention m)
          || d.isUsed(m)
          || !m.has(Target.Column.class)
          || m.has(Target.Value.class)) {
        continue;
      }
      Token frequent = frequentWord(d, c.last() + 1, m.first());
      ColumnRef column = frequent == null ? null : d.schema.groupColumn(m);
      Measure count = column == null ? null : d.schema.countOf(column.table());
      if (count == null) {
        continue;
      }
      String alias = column.table() + "_count";
      Measure.Aggregate rows = (Measure.Aggregate) count;
      Measure counted = new Measure.Aggregate(rows.fn(), rows.column(), List.of(), alias);
      Direction dir = c.kind() == Kind.MAX ? Direction.DESC : Direction.ASC;
      d.groupBy.add(column);
      d.measure = counted;
      d.rankedListOrder = new Order.ByMeasure(alias, dir);
      d.listingLimit = c.number() > 0 ? c.number() : 1;
      d.explainedWords.add(frequent.index());
      d.use(c);
      d.use(m);
      d.note(
          "'"
              + d.scan.words(c.first(), m.last())
              + "' → count of "
              + column.table()
              + " rows per "
              + column
              + ", "
              + dir.name().toLowerCase()
              + ", first "
              + d.listingLimit);
      return true;
    }
    return false;
  }

  /** Whether a frequency word follows the superlative ("most common"): not a ranking by size. */
  static boolean follows(Draft d, Cue c) {
    int next = c.last() + 1;
    return next < d.scan.tokens.size() && FREQUENT.contains(d.scan.tokens.get(next).norm());
  }

  /** The frequency word standing alone between the superlative and the column, or null. */
  private static Token frequentWord(Draft d, int from, int to) {
    if (to != from + 1) {
      return null;
    }
    Token t = d.scan.tokens.get(from);
    return FREQUENT.contains(t.norm()) && (d.scan.unknown.contains(t) || d.scan.notUsed.contains(t))
        ? t
        : null;
  }
}
