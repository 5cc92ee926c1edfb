package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Value;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Relationship;
import io.assay.understand.Cue;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.List;

/**
 * "members who borrowed more than 12 times": the dataset reads "members who borrowed" as one
 * phrase, the number of distinct members in the borrowing rows. Followed by a count of times, the
 * phrase names both the entity listed (the members the distinct column refers to) and the event
 * counted (the borrowing rows): the phrase is read as the entity's noun, and each listed entity's
 * event rows are compared with the number.
 */
final class DistinctOccasions {

  private DistinctOccasions() {}

  /**
   * Reads the phrase at item {@code k} this way when it names a distinct count of a reference
   * column whose table has a plain count; false (nothing changed) otherwise.
   */
  static boolean read(Draft d, int k, Cue c, Scan.Number n) {
    String[] entityAndEvent = entityAndEvent(d, d.at(k));
    if (entityAndEvent == null) {
      return false;
    }
    Mention m = asEntity(d, k, entityAndEvent[0]);
    String event = entityAndEvent[1];
    d.countHaving =
        new Having(null, Measure.metric(event), c.comparison(), Value.number(n.value()));
    d.countHavingText = m.text() + " " + c.text() + " " + n.text() + " times";
    d.occasionWord = n.token() + 1;
    d.use(c);
    d.use(n);
    d.note("'" + m.text() + "' → " + entityAndEvent[0] + " rows, each with its " + event);
    return true;
  }

  /**
   * The entity table and the event's plain count a phrase names through one distinct count of a
   * reference column ("members who borrowed": the members, the count of borrowings); null
   * otherwise.
   */
  static String[] entityAndEvent(Draft d, Object what) {
    if (!(what instanceof Mention m)
        || d.isUsed(m)
        || m.has(Target.Value.class)
        || m.all(Target.Metric.class).size() != 1) {
      return null;
    }
    MetricDefinition def = d.recon.metric(m.one(Target.Metric.class).name()).orElse(null);
    if (!(def instanceof MetricDefinition.Aggregate a)
        || a.aggregation() != Aggregation.COUNT_DISTINCT
        || !a.filters().isEmpty()) {
      return null;
    }
    String event = d.schema.plainCountMetricOrNull(a.column().table());
    List<String> entities =
        d.recon.relationships().stream()
            .filter(r -> r.from().equals(a.column()))
            .map(Relationship::to)
            .map(to -> to.table())
            .distinct()
            .toList();
    if (event == null || entities.size() != 1 || d.schema.primaryKey(entities.get(0)) == null) {
      return null;
    }
    return new String[] {entities.get(0), event};
  }

  /** Replaces the phrase at item {@code k} by the entity's noun, for the listing to read. */
  static Mention asEntity(Draft d, int k, String entity) {
    Mention m = (Mention) d.at(k);
    Mention noun =
        new Mention(m.first(), m.last(), m.text(), List.of(new Target.Table(entity)), m.fuzzy());
    d.items.set(k, new Item(m.first(), m.last(), noun));
    return m;
  }
}
