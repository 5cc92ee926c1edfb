package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Words;
import java.util.List;
import java.util.Locale;

/**
 * Rankings by how many rows there are, when words stand between the ranking word and the rows: "the
 * largest number of gold members", "the most premium subscribers", "top 3 teams by number of
 * players". The words between may only be a counting word ("number of") and stored values, which
 * {@link Values} has already read as filters; anything else is left for {@link Rankings} to refuse.
 */
final class CountedRows {

  private CountedRows() {}

  /** A phrase that names only stored values ("premium plan"), no rows of its own. */
  static boolean onlyValues(Mention m) {
    return m.has(Target.Value.class)
        && m.targets().stream().allMatch(t -> t instanceof Target.Value);
  }

  /**
   * "the largest number of premium plan subscribers": a ranking word, a counting word and/or
   * values, then the rows counted; ranks by their count. Does nothing (false) unless the words are
   * exactly that.
   */
  static boolean rank(Draft d, int i, Cue c) {
    int j = i + 1;
    Cue count = null;
    if (d.at(j) instanceof Cue k && k.kind() == Kind.COUNT && !d.isUsed(k)) {
      count = k;
      j++;
    }
    while (d.at(j) instanceof Mention v && onlyValues(v) && d.isUsed(v)) {
      j++;
    }
    boolean quantity = Words.QUANTITY_SUPERLATIVES.contains(c.text().toLowerCase(Locale.ROOT));
    if (j == i + 1 || (count == null && !quantity)) {
      return false;
    }
    Mention rows;
    String table;
    if (d.at(j) instanceof Mention r && namesOnlyRows(r) && !d.isUsed(r)) {
      rows = r;
      table = r.one(Target.Table.class).table();
    } else if (d.at(j - 1) instanceof Mention v && onlyValues(v)) {
      // "the most Action films": the value's phrase ends in the rows' own noun
      rows = v;
      table = rowsNounEnds(d, v);
    } else {
      return false;
    }
    if (table == null) {
      return false;
    }
    Measure measure = countOf(d, table);
    if (measure == null) {
      return false;
    }
    Direction dir = c.kind() == Kind.MAX ? Direction.DESC : Direction.ASC;
    Integer top = c.number() > 0 ? c.number() : null;
    int rank = 1;
    if (d.at(i - 1) instanceof Cue o && o.kind() == Kind.ORDINAL && !d.isUsed(o)) {
      rank = o.number();
      d.use(o);
    }
    String text = d.scan.words(c.first(), rows.last());
    d.rankings.add(new Ranking(c.first(), null, measure, dir, rank, top, text));
    d.use(c);
    d.use(rows);
    if (count != null) {
      d.use(count);
    }
    return true;
  }

  /**
   * "top 5 players by number of matches they played in": the entity listed, then "by", a counting
   * word and the rows counted for each; null when the words after "by" are not that.
   */
  static Ranking rankedByCount(
      Draft d, int k, Cue top, Direction dir, Integer n, int rank, Mention entity) {
    if (!(d.at(k + 1) instanceof Cue count)
        || count.kind() != Kind.COUNT
        || d.isUsed(count)
        || !(d.at(k + 2) instanceof Mention rows)
        || !namesOnlyRows(rows)
        || d.isUsed(rows)) {
      return null;
    }
    Measure measure = countOf(d, rows.one(Target.Table.class).table());
    if (measure == null) {
      return null;
    }
    Cue by = (Cue) d.at(k);
    d.use(by);
    d.use(count);
    d.use(rows);
    return new Ranking(
        top.first(), null, measure, dir, rank, n, d.scan.words(top.first(), rows.last()));
  }

  /** The table whose plural noun ends a stored value's phrase ("Action films"), or null. */
  private static String rowsNounEnds(Draft d, Mention value) {
    if (value.first() == value.last()) {
      return null;
    }
    return d.recon.tables().stream()
        .map(t -> t.name())
        .filter(t -> d.schema.isTableNoun(value.last(), t))
        .findFirst()
        .orElse(null);
  }

  private static boolean namesOnlyRows(Mention m) {
    return m.has(Target.Table.class)
        && m.all(Target.Table.class).size() == 1
        && !m.has(Target.Value.class);
  }

  /**
   * The count of a table's rows: its plain count metric, else the count of its key; a linking table
   * keyed by two columns (a player's matches) counts one of its key columns, which are never empty,
   * so every row counts once.
   */
  static Measure countOf(Draft d, String table) {
    String plain = d.schema.plainCountMetricOrNull(table);
    if (plain != null) {
      return new Measure.Metric(plain, List.of(), plain);
    }
    ColumnRef key = d.schema.firstKeyColumn(table);
    return key == null
        ? null
        : new Measure.Aggregate(Aggregation.COUNT, key, List.of(), table + "_count");
  }
}
