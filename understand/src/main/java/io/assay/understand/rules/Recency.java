package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.Locale;

/**
 * "the latest loan", "the three most recent transactions", "which account was opened most
 * recently": a word of recency ranks rows by their own date — a date column the phrase names, else
 * the one date recon's metrics use for that table. "earliest" ranks the other way. Rows with no
 * such date are not ranked by a guess: the reader says so.
 */
final class Recency implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c) || c.kind() != Kind.RECENT || d.isUsed(c)) {
        continue;
      }
      Mention rows = rowsRanked(d, i);
      if (rows == null) {
        continue;
      }
      d.use(c);
      ColumnRef date = dateOf(d, rows);
      if (date != null && !rows.has(Target.Table.class) && !rows.has(Target.Value.class)) {
        d.use(rows); // "the earliest opening date": the phrase names the date ranked
      }
      if (date == null) {
        d.problem(
            "'" + c.text() + " " + rows.text() + "': " + rows.text() + " has no date to rank by");
        continue;
      }
      Direction dir =
          c.text().toLowerCase(Locale.ROOT).equals("earliest") ? Direction.ASC : Direction.DESC;
      d.rankings.add(
          new Ranking(
              c.first(),
              date,
              null,
              dir,
              1,
              null,
              c.text() + " (" + (dir == Direction.ASC ? "earliest " : "latest ") + date + ")"));
    }
  }

  /**
   * The rows the recency word ranks: the phrase right after it ("the latest loan", "the latest gold
   * card"), or, when the word ends the question ("which account was opened most recently"), the
   * nearest phrase before it that names a table. Null when neither is there.
   */
  private static Mention rowsRanked(Draft d, int i) {
    if (d.at(i + 1) instanceof Scan.Number n
        && n.value().scale() <= 0
        && d.at(i + 2) instanceof Mention after
        && after.has(Target.Table.class)) {
      return after; // "the most recent 5 transactions": how many, then the rows
    }
    if (d.at(i + 1) instanceof Mention next) {
      return next.has(Target.Table.class)
              || next.has(Target.Value.class)
              || d.schema.temporalColumn(next) != null
          ? next
          : null;
    }
    if (d.at(i + 1) != null) {
      return null;
    }
    for (int k = i - 1; k >= 0; k--) {
      if (d.at(k) instanceof Mention m && m.has(Target.Table.class) && !m.has(Target.Value.class)) {
        return m;
      }
    }
    return null;
  }

  /** The date the rows are ranked by: one the phrase names, else their table's event date. */
  private static ColumnRef dateOf(Draft d, Mention rows) {
    ColumnRef named = d.schema.temporalColumn(rows);
    if (named != null) {
      return named;
    }
    String table =
        rows.has(Target.Table.class)
            ? rows.one(Target.Table.class).table()
            : rows.has(Target.Value.class) && rows.all(Target.Value.class).size() == 1
                ? rows.one(Target.Value.class).table()
                : null;
    return table == null ? null : d.schema.eventDate(table);
  }
}
