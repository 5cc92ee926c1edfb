package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.recon.ColumnInfo;
import io.assay.recon.TableInfo;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.Words;
import java.util.List;
import java.util.Locale;

/**
 * "the longest trip", "the 3 shortest loans", "which song is the longest": a superlative that
 * measures one dimension ranks the rows by their numeric column that WordNet's attribute of the
 * adjective names ("long" → duration, then length), tried in WordNet's order, by the column's name
 * or synonyms. It never falls back to the rows' amount: without such a column the reader says so.
 */
final class MeasuredSuperlative implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c)
          || c.kind() != Kind.MAX && c.kind() != Kind.MIN
          || d.isUsed(c)
          || !Words.MEASURED_SUPERLATIVES.contains(c.text().toLowerCase(Locale.ROOT))) {
        continue;
      }
      d.use(c);
      ColumnRef column = namedColumn(d, i);
      Mention rows = column == null ? rowsRanked(d, i) : null;
      if (column == null && rows == null) {
        d.problem("could not apply '" + c.text() + "'");
        continue;
      }
      if (column == null) {
        column = measuredColumn(d, c.text(), rows.one(Target.Table.class).table());
      }
      if (column == null) {
        // "the longest stay" may be the days between two dates: not guessed
        d.problem("'" + c.text() + " " + rows.text() + "': no column of " + rows.text() + " says");
        continue;
      }
      Direction dir = c.kind() == Kind.MAX ? Direction.DESC : Direction.ASC;
      // "the titles of the 5 longest films": a number right before the word keeps that many
      Scan.Number howMany = Rankings.numberBefore(d, i, null);
      Integer top = null;
      if (howMany != null) {
        top = howMany.value().intValueExact();
        d.use(howMany);
      }
      d.rankings.add(
          new Ranking(c.first(), column, null, dir, 1, top, c.text() + " (" + column + ")"));
    }
  }

  /** "the longest loan duration": a numeric column named right after the word. */
  private static ColumnRef namedColumn(Draft d, int i) {
    if (d.at(i + 1) instanceof Mention next
        && !next.has(Target.Table.class)
        && next.has(Target.Column.class)) {
      ColumnRef c = d.schema.rankableColumn(next);
      if (c != null && d.recon.column(c).map(info -> info.type().isNumeric()).orElse(false)) {
        d.use(next);
        return c;
      }
    }
    return null;
  }

  /**
   * The rows ranked: the phrase naming a table right after the word, or, when the word ends the
   * question ("which song is the longest"), the nearest such phrase before it.
   */
  private static Mention rowsRanked(Draft d, int i) {
    if (d.at(i + 1) instanceof Mention next && d.schema.namesOnlyATable(next)) {
      return next;
    }
    if (d.at(i + 1) instanceof Mention value
        && value.targets().stream().allMatch(t -> t instanceof Target.Value)
        && d.at(i + 2) instanceof Mention next
        && d.schema.namesOnlyATable(next)) {
      return next; // "the shortest jazz songs": a value said of the rows before their noun
    }
    if (d.at(i + 1) != null) {
      return null;
    }
    for (int k = i - 1; k >= 0; k--) {
      if (d.at(k) instanceof Mention m && d.schema.namesOnlyATable(m)) {
        return m;
      }
    }
    return null;
  }

  /** The one numeric column of the table an attribute noun of the adjective names, or null. */
  private static ColumnRef measuredColumn(Draft d, String superlative, String table) {
    List<ColumnRef> numeric =
        d.recon.table(table).map(TableInfo::columns).orElse(List.of()).stream()
            .filter(col -> col.type().isNumeric())
            .map(ColumnInfo::ref)
            .toList();
    return d.schema.byAttribute(superlative, numeric);
  }
}
