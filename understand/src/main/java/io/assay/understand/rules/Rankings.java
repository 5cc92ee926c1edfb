package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.Token;
import io.assay.understand.Words;
import java.util.List;
import java.util.Set;

/**
 * Reads the rankings asked for ("second-highest salary", "the oldest", "top 5 districts by loans",
 * "the first loan"); {@link ApplyRankings} turns them into orders or ranked filters once the
 * answer's shape is known.
 */
final class Rankings implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      Object w = d.at(i);
      if (w instanceof Cue c && (c.kind() == Kind.MAX || c.kind() == Kind.MIN) && !d.isUsed(c)) {
        if (CommonValue.follows(d, c)) {
          continue; // "the most common rating": how often, read once the answer's form is known
        }
        if (CountedRows.rank(d, i, c)) {
          continue;
        }
        if (d.at(i + 1) instanceof Mention m) {
          byCue(d, i, c, m);
        } else if (totalOfASum(d, i + 1) != null) {
          // "the highest total withdrawal amount": "total" says what the sum metric is already
          Mention sum = totalOfASum(d, i + 1);
          Cue total = (Cue) d.at(i + 1);
          d.use(total);
          int before = d.rankings.size();
          byCue(d, i, c, sum);
          if (d.rankings.size() > before) {
            // the words keep "total": with nothing grouped a highest total is no row's extreme
            Ranking r = d.rankings.remove(before);
            String text = c.text() + " " + total.text() + " " + sum.text();
            d.rankings.add(
                new Ranking(
                    r.position(), r.column(), r.measure(), r.direction(), r.rank(), r.top(), text));
          }
        } else {
          // "which customer spent the most", "the store that earned the least in May": the
          // verb before the bare superlative names the metric that ranks
          Mention verb = verbOfAMetric(d, i - 1);
          if (verb != null) {
            byCue(d, i, c, verb);
          }
        }
      } else if (w instanceof Mention m && m.has(Target.Superlative.class) && !d.isUsed(m)) {
        Target.Superlative s = m.one(Target.Superlative.class);
        int rank = 1;
        if (d.at(i - 1) instanceof Cue o && o.kind() == Kind.ORDINAL) {
          rank = o.number();
          d.use(o);
        }
        ColumnRef column = s.column();
        if (d.at(i + 1) instanceof Mention next
            && next.has(Target.Table.class)
            && !next.has(Target.Value.class)
            && !next.one(Target.Table.class).table().equals(column.table())) {
          // "the oldest account": an age word on other rows than its column's is about their date
          ColumnRef date = d.schema.eventDate(next.one(Target.Table.class).table());
          if (date == null || !d.schema.isTemporal(column)) {
            d.problem("'" + m.text() + " " + next.text() + "': ranked by what of " + next.text());
            d.use(m);
            continue;
          }
          column = date;
        }
        d.rankings.add(new Ranking(m.first(), column, null, s.direction(), rank, null, m.text()));
        d.use(m);
      }
    }
    earliest(d);
  }

  /** After a "total" cue at {@code i}, the phrase of one summing metric, or null. */
  private static Mention totalOfASum(Draft d, int i) {
    if (d.at(i) instanceof Cue t
        && t.kind() == Kind.SUM
        && !d.isUsed(t)
        && d.at(i + 1) instanceof Mention m
        && !d.isUsed(m)
        && m.all(Target.Metric.class).size() == 1
        && m.targets().stream()
            .allMatch(x -> x instanceof Target.Metric || x instanceof Target.Table)
        && d.schema.metricAggregation(m.one(Target.Metric.class).name()) == Aggregation.SUM) {
      return m;
    }
    return null;
  }

  /** The unused one-word mention at {@code i} that names exactly one metric and nothing else. */
  private static Mention verbOfAMetric(Draft d, int i) {
    if (d.at(i) instanceof Mention m
        && !d.isUsed(m)
        && m.first() == m.last()
        && m.targets().size() == 1
        && m.has(Target.Metric.class)) {
      return m;
    }
    return null;
  }

  /** "highest X", "top 3 X", "the most loans", "the biggest loans": a ranking word before X. */
  private static void byCue(Draft d, int i, Cue c, Mention m) {
    int rank = 1;
    Cue ordinal = null;
    if (d.at(i - 1) instanceof Cue o && o.kind() == Kind.ORDINAL) {
      ordinal = o;
      rank = o.number();
    }
    Direction dir = c.kind() == Kind.MAX ? Direction.DESC : Direction.ASC;
    Integer top = c.number() > 0 ? c.number() : null;
    // "the fewest cards", "the most loans": a quantity word on rows counts them; it never
    // orders by one of their columns
    // and "the largest number of clients" is the most clients: the phrase itself names a count
    // "the 3 most popular categories by number of rentals": an adjective no phrase reads,
    // between the superlative and the rows ranked by what follows "by", says what that measure
    // measures
    Token quality = byFollowsAt(d, i + 2) ? lonelyWordBetween(d, c, m) : null;
    boolean counted =
        quality == null
            && (Words.QUANTITY_SUPERLATIVES.contains(c.text().toLowerCase(java.util.Locale.ROOT))
                || Words.namesACount(m.text()))
            && m.has(Target.Table.class);
    // "top 5 accounts by number of transactions": "by" after the noun says the rows are ranked
    // by what follows, even where the noun may also name a column ("account" numbers)
    boolean byFollows = byFollowsAt(d, i + 2);
    if (m.has(Target.Table.class)
        && !counted
        && (byFollows || d.schema.rankableColumn(m) == null)) {
      // "the top nine districts by crimes in 1996" / "… with the highest crimes in 1996":
      // the table is what is listed, the ranking is by what follows.
      Scan.Number howMany = numberBefore(d, i, top);
      Integer count = howMany != null ? Integer.valueOf(howMany.value().intValueExact()) : top;
      Ranking by = rankedBy(d, i + 2, c, dir, count, rank, m);
      if (by != null) {
        if (howMany != null) {
          d.use(howMany);
        }
        if (quality != null) {
          d.explainedWords.add(quality.index());
        }
        d.rankings.add(by);
        d.rankedEntity = m;
        d.use(c);
        if (ordinal != null) {
          d.use(ordinal);
        }
        return;
      }
    }
    ColumnRef column = counted ? null : d.schema.rankableColumn(m);
    Measure rankMeasure = null;
    if (column == null) {
      Target.Metric metric = m.one(Target.Metric.class);
      Target.Table table = m.one(Target.Table.class);
      ColumnRef coded = metric == null || counted ? null : amountOfCodedRows(d, c, m, metric);
      if (coded != null) {
        // "the largest withdrawal": a word naming rows by a coded value, read as their condition,
        // names single rows, which a size word ranks by their amount (not by a total of them)
        column = coded;
      } else if (metric != null
          && m.all(Target.Metric.class).size() == 1
          && d.schema.metricAggregation(metric.name()) == Aggregation.SUM) {
        // "the store with the highest revenue": a phrase naming a total ranks by that total (per
        // listed row, which for the summed rows themselves is their own amount), never by the
        // one largest row under it
        rankMeasure = new Measure.Metric(metric.name(), List.of(), metric.name());
      } else if (table != null && !counted) {
        // "the biggest loans": a size word ranks rows by their one amount, never by how many
        column = d.schema.amountColumn(table.table());
        if (column == null) {
          return;
        }
      } else if (metric != null && m.all(Target.Metric.class).size() == 1) {
        rankMeasure = new Measure.Metric(metric.name(), List.of(), metric.name());
        if (Words.QUANTITY_SUPERLATIVES.contains(c.text().toLowerCase(java.util.Locale.ROOT))
            && d.recon.metric(metric.name()).orElse(null) instanceof MetricDefinition.Share sh) {
          // "the most bad loans": a quantity word on the words of a share counts the rows the
          // share picks out, not the share
          rankMeasure = new Measure.Metric(sh.of(), sh.where(), sh.of());
        }
      } else if (table != null && d.schema.primaryKey(table.table()) != null) {
        rankMeasure =
            new Measure.Aggregate(
                Aggregation.COUNT,
                d.schema.primaryKey(table.table()),
                List.of(),
                table.table() + "_count");
      } else {
        return;
      }
    }
    Mention ranked = rowsOfTheEvent(d, i, m, rankMeasure);
    Scan.Number howMany = ranked == null ? null : numberBefore(d, i, top);
    if (howMany != null) {
      top = howMany.value().intValueExact();
      d.use(howMany);
    }
    String text = (ordinal == null ? "" : ordinal.text() + " ") + c.text() + " " + m.text();
    d.rankings.add(new Ranking(c.first(), column, rankMeasure, dir, rank, top, text));
    d.use(c);
    d.use(m);
    if (ranked != null) {
      d.rankedEntity = ranked; // "the 10 most rented films": the films are listed
    }
    if (ordinal != null) {
      d.use(ordinal);
    }
    Mention verb = verbOfAMetric(d, (ordinal != null ? i - 1 : i) - 1);
    if (verb != null
        && m.has(Target.Metric.class)
        && verb.one(Target.Metric.class).table().equals(m.one(Target.Metric.class).table())) {
      // "withdrew the most cash": the verb names the kind of event the ranked metric measures
      d.use(verb);
    }
  }

  /**
   * "the most rented films": a superlative, a word naming an event whose count ranks, and right
   * after it a phrase naming only another table — the rows listed, ranked by how many of the event
   * each has. Null for anything else.
   */
  private static Mention rowsOfTheEvent(Draft d, int i, Mention event, Measure rankMeasure) {
    if (rankMeasure == null
        || !(d.at(i + 2) instanceof Mention rows)
        || d.isUsed(rows)
        || rows.first() != event.last() + 1
        || !d.schema.namesRowsOfOneTable(rows)
        || !event.has(Target.Table.class)) {
      return null;
    }
    String table = rows.one(Target.Table.class).table();
    return event.all(Target.Table.class).stream().anyMatch(t -> t.table().equals(table))
        ? null
        : rows;
  }

  /**
   * The column a summing metric adds up, when the phrase naming it is also a coded value already
   * read as the condition that metric's own filters state, and the superlative is no quantity word.
   */
  private static ColumnRef amountOfCodedRows(Draft d, Cue c, Mention m, Target.Metric metric) {
    if (!m.has(Target.Value.class)
        || m.all(Target.Metric.class).size() != 1
        || Words.QUANTITY_SUPERLATIVES.contains(c.text().toLowerCase(java.util.Locale.ROOT))
        || !(d.recon.metric(metric.name()).orElse(null) instanceof MetricDefinition.Aggregate a)
        || a.aggregation() != Aggregation.SUM
        || a.filters().isEmpty()
        || !d.filters.containsAll(a.filters())) {
      return null;
    }
    return a.column();
  }

  private static boolean byFollowsAt(Draft d, int k) {
    return d.at(k) instanceof Cue by && by.kind() == Kind.GROUP && !saysWhoMade(d, k);
  }

  /**
   * "the biggest payment made by customer 148", "the 3 biggest payments made by customers": "by"
   * before one named row, or after a phrase of rows ending on the verb of their making, says who
   * made the rows, not what ranks them.
   */
  private static boolean saysWhoMade(Draft d, int k) {
    return d.at(k) instanceof Cue by
        && by.text().equals("by")
        && (Groupings.namesOneRow(d, k + 1)
            || d.at(k - 1) instanceof Mention made
                && made.last() > made.first()
                && made.last() == by.first() - 1
                && d.aVerbAt(made.last()));
  }

  /** The one unknown word between a cue and a phrase, and nothing else, or null. */
  private static Token lonelyWordBetween(Draft d, Cue c, Mention m) {
    if (m.first() != c.last() + 2) {
      return null;
    }
    return d.scan.unknown.stream().filter(t -> t.index() == c.last() + 1).findFirst().orElse(null);
  }

  /** "the 10 most rented films": a whole number right before the superlative, unless top N. */
  static Scan.Number numberBefore(Draft d, int i, Integer top) {
    return top == null && d.at(i - 1) instanceof Scan.Number n && !d.isUsed(n) && n.countsRows()
        ? n
        : null;
  }

  /** Grouping words that name every group, after which a superlative is the top within each. */
  private static final Set<String> EACH = Set.of("each", "every", "for each", "for every");

  /**
   * The ranking after an entity: "by X", "per X", or "with the highest X" starting at item {@code
   * k}; null when none follows.
   */
  private static Ranking rankedBy(
      Draft d, int k, Cue top, Direction dir, Integer n, int rank, Mention entity) {
    if (k >= d.items.size()) {
      return null;
    }
    Object w = d.at(k);
    Direction dr = dir;
    if (w instanceof Cue each && EACH.contains(each.text()) || saysWhoMade(d, k)) {
      // "the highest payment of each customer": the top within every group, not a ranking of
      // the rows by how many of the group's rows they have; "made by customer 148": who made them
      return null;
    }
    if (w instanceof Cue by && by.kind() == Kind.GROUP) {
      Ranking counted = CountedRows.rankedByCount(d, k, top, dir, n, rank, entity);
      if (counted != null) {
        return counted;
      }
    }
    // "by total revenue", "by avg salary": a total before a metric that is a sum, or an average
    // before an average or before one value of the rows ranked, says what that already says
    Cue total =
        d.at(k + 1) instanceof Cue t && (t.kind() == Kind.SUM || t.kind() == Kind.AVG) ? t : null;
    int at = total == null ? k + 1 : k + 2;
    if (w instanceof Cue by
        && (by.kind() == Kind.GROUP || by.kind() == Kind.MAX || by.kind() == Kind.MIN)
        && d.at(at) instanceof Mention x) {
      if (by.kind() == Kind.MIN) {
        dr = Direction.ASC;
      } else if (by.kind() == Kind.MAX) {
        dr = Direction.DESC;
      }
      String metric =
          x.all(Target.Metric.class).size() == 1 ? x.one(Target.Metric.class).name() : null;
      ColumnRef column = d.schema.rankableColumn(x);
      Measure measure = null;
      if (total != null && total.kind() == Kind.AVG && column != null && !ownRows(entity, column)) {
        // "customers by avg payment amount": the average of the other rows' values per entity
        measure =
            new Measure.Aggregate(Aggregation.AVG, column, List.of(), "avg_" + column.column());
        column = null;
      } else {
        if (column != null && metric != null && !ownRows(entity, column)) {
          // "customers by amount paid": another table's amounts rank each entity by their total
          // (the metric), not by one row's amount, which would list an entity once per row
          column = null;
        }
        if (total != null
            && (total.kind() == Kind.SUM
                ? column != null || metric == null || !aggregates(d, metric, Aggregation.SUM)
                : column == null && (metric == null || !aggregates(d, metric, Aggregation.AVG)))) {
          return null;
        }
        if (column == null && metric != null) {
          measure = new Measure.Metric(metric, List.of(), metric);
        } else if (column == null) {
          return null;
        }
      }
      d.use(by);
      d.use(x);
      if (total != null) {
        d.use(total);
      }
      return new Ranking(
          top.first(),
          column,
          measure,
          dr,
          rank,
          n,
          top.text() + " " + entity.text() + " " + by.text() + " " + x.text());
    }
    return null;
  }

  /** Whether the column belongs to the rows the entity phrase names. */
  private static boolean ownRows(Mention entity, ColumnRef column) {
    Target.Table t = entity.one(Target.Table.class);
    return t == null || t.table().equals(column.table());
  }

  private static boolean aggregates(Draft d, String metric, Aggregation fn) {
    return d.recon
        .metric(metric)
        .map(m -> m instanceof MetricDefinition.Aggregate a && a.aggregation() == fn)
        .orElse(false);
  }

  /** "approved first in 1993/7/5", "the first loan": an ordinal on a date is the earliest. */
  private static void earliest(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue o) || o.kind() != Kind.ORDINAL || d.isUsed(o)) {
        continue;
      }
      Object before = d.at(i - 1);
      Object after = d.at(i + 1);
      // "approved first in 1997": a date word right before the ordinal; "the date of the first
      // loan" names what is listed, not what ranks
      ColumnRef date =
          before instanceof Mention b && b.last() == o.first() - 1
              ? d.schema.temporalColumn(b)
              : null;
      // "which account made the first transaction": the rows right after the ordinal are the
      // first ones, dated by their own date, before rows named before it
      if (date == null && after instanceof Mention a && a.has(Target.Table.class)) {
        date = d.schema.eventDate(a.one(Target.Table.class).table());
      }
      if (date == null && before instanceof Mention b && b.has(Target.Table.class)) {
        date = d.schema.eventDate(b.one(Target.Table.class).table());
      }
      if (date == null && after instanceof Mention a && a.has(Target.Table.class)) {
        date = dateOfTheirEvent(d, i + 2);
      }
      if (date != null) {
        d.rankings.add(
            new Ranking(
                o.first(),
                date,
                null,
                Direction.ASC,
                o.number(),
                null,
                o.text() + " (earliest " + date + ")"));
        d.use(o);
      }
    }
  }

  /**
   * "the first client who opened an account", "the first member who borrowed a book": rows with no
   * date of their own, ranked by the date of what the relative clause right after them says they
   * did; the clause's phrase must name one date column. Null otherwise.
   */
  private static ColumnRef dateOfTheirEvent(Draft d, int k) {
    if (!(d.at(k) instanceof Cue rel)
        || rel.kind() != Kind.LIST && rel.kind() != Kind.RELATIVE
        || !(d.at(k + 1) instanceof Mention event)
        || event.has(Target.Value.class)) {
      return null;
    }
    String who = rel.text().toLowerCase(java.util.Locale.ROOT);
    if (!who.equals("who") && !who.equals("that")) {
      return null;
    }
    ColumnRef date = d.schema.temporalColumn(event);
    if (date == null) {
      return null;
    }
    d.use(rel);
    d.use(event);
    return date;
  }
}
