package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.TimeGrain;
import io.assay.understand.Scan;
import io.assay.understand.TimeExpression;
import io.assay.understand.YearNamed;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * "districts with an unemployment rate above 4% in 1996": of the columns that keep one figure per
 * year, the one of the year the question names, when that year is a whole year no other rule has
 * taken. The year is then explained by the column, not by a date of the rows.
 */
final class YearOfAColumn {

  private YearOfAColumn() {}

  /** The candidate of the year the question names, or null. */
  static ColumnRef narrow(Draft d, List<ColumnRef> columns) {
    Map<Integer, ColumnRef> byYear = new TreeMap<>();
    for (ColumnRef c : columns) {
      List<Integer> years = new ArrayList<>();
      d.recon
          .column(c)
          .ifPresent(
              info ->
                  d.lexicon.columnNames(info).stream()
                      .flatMap(n -> YearNamed.of(n).stream())
                      .map(YearNamed::year)
                      .distinct()
                      .forEach(years::add));
      if (years.size() != 1 || byYear.putIfAbsent(years.get(0), c) != null) {
        return null; // not one column per year
      }
    }
    Scan.Time named = null;
    for (Item it : d.items) {
      if (it.what() instanceof Scan.Time t
          && !d.isUsed(t)
          && t.expression().relation() == TimeExpression.Relation.WITHIN
          && t.expression().first().grain() == TimeGrain.YEAR
          && byYear.containsKey(t.expression().first().from().getYear())) {
        if (named != null) {
          return null; // two of the years: which goes with the column is not said
        }
        named = t;
      }
    }
    if (named == null) {
      return null;
    }
    d.use(named);
    ColumnRef c = byYear.get(named.expression().first().from().getYear());
    d.note("'" + named.expression().text() + "' → " + c + ", the column of that year");
    return c;
  }
}
