package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.Set;

/**
 * "among accounts with orders, how many orders does each have on average": "each" standing alone
 * points back to the entity named before it, whose rows the counted rows refer to, so the count is
 * per entity and the average (read next by {@link AveragePerGroup}) is over the entities. Without
 * an average, or an entity the counted rows refer to directly, "each" is left unread.
 */
final class EachOfThem implements Rule {

  private static final Set<String> PRONOUNS = Set.of("each", "every one", "each one");

  @Override
  public void apply(Draft d) {
    Cue avg = d.firstCue(Kind.AVG);
    if (avg == null || !counts(d) || !d.groupBy.isEmpty() || d.grain != null) {
      return;
    }
    for (int i = 0; i < d.items.size(); i++) {
      if (d.at(i) instanceof Cue c
          && c.kind() == Kind.GROUP
          && !d.isUsed(c)
          && PRONOUNS.contains(c.text().toLowerCase())
          && !(d.at(i + 1) instanceof Mention m && m.first() == c.last() + 1)) {
        antecedent(d, i, c);
        return;
      }
    }
  }

  private static void antecedent(Draft d, int i, Cue each) {
    String counted = d.schema.measureTable(d.measure);
    for (int k = i - 1; k >= 0; k--) {
      if (!(d.at(k) instanceof Mention m) || !m.has(Target.Table.class)) {
        continue;
      }
      String entity = m.one(Target.Table.class).table();
      if (entity.equals(counted) || d.schema.foreignKey(counted, entity) == null) {
        continue;
      }
      ColumnRef key = d.schema.primaryKey(entity);
      if (key == null) {
        return;
      }
      d.use(each);
      d.use(m);
      d.groupBy.add(key);
      d.note("'" + each.text() + "' → each " + m.text() + " (" + key + ")");
      return;
    }
  }

  /** The measure counts rows (a count metric without own filters, or a count aggregate). */
  private static boolean counts(Draft d) {
    return d.measure instanceof Measure.Metric x
            && x.filters().isEmpty()
            && d.schema.isCount(x.metric())
        || d.measure instanceof Measure.Aggregate a
            && (a.fn() == Aggregation.COUNT || a.fn() == Aggregation.COUNT_DISTINCT);
  }
}
